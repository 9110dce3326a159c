import { describe, expect, it } from 'vitest';
import { canonicalEmail, canonicalPhone } from './recipient.js';

describe('canonicalEmail', () => {
  it('takes one bare mailbox, case-folded, with an international domain in ASCII', () => {
    expect(canonicalEmail('ada@example.com')).toBe('ada@example.com');
    expect(canonicalEmail('  Ada.Lovelace+boards@Example.COM ')).toBe('ada.lovelace+boards@example.com');
    expect(canonicalEmail('ada@exämple.com')).toBe('ada@xn--exmple-cua.com');
    expect(canonicalEmail('ada@EXÄMPLE.com')).toBe(canonicalEmail('ada@xn--exmple-cua.com'));
  });

  it('refuses anything a mailer could read as another mailbox, or as several', () => {
    const refused = [
      '',
      'not-an-email',
      'ada@example.com, eve@example.com',
      'ada@example.com;eve@example.com',
      'friends: ada@example.com, eve@example.com;',
      'undisclosed-recipients:;',
      'Ada <ada@example.com>',
      '"Ada" <ada@example.com>',
      '<ada@example.com>',
      'ada@example.com <eve@example.com>',
      'ada(comment)@example.com',
      'ada@example.com (Ada)',
      '"ada\r\nBcc: eve@example.com"@example.com',
      '"ada,eve"@example.com',
      '"ada"@example.com',
      '=?utf-8?q?ada?=@example.com',
      '=?utf-8?q?Ada?= <ada@example.com>',
      'eve%example.org@example.com',
      'relay!eve@example.com',
      'ada@[127.0.0.1]',
      'ada@localhost',
      'ada@@example.com',
      'ada@example.com.',
      'ädа@example.com',
      `${'a'.repeat(250)}@example.com`,
    ];
    for (const address of refused) expect(canonicalEmail(address), JSON.stringify(address)).toBeNull();
  });
});

describe('canonicalPhone', () => {
  it('writes a number in E.164 whatever its spelling', () => {
    expect(canonicalPhone('+1 (555) 000-1234')).toBe('+15550001234');
    expect(canonicalPhone('+1.555.000.1234')).toBe('+15550001234');
    expect(canonicalPhone('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses a number without its country code, of an impossible length, or not a number', () => {
    for (const value of ['15550001234', '555 000 1234', '+1 555', '+1234567890123456', 'call me', '+1 555 000 1234 ext. 9; +1 555 000 9999'])
      expect(canonicalPhone(value), value).toBeNull();
  });
});
