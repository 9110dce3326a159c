import { describe, expect, it } from 'vitest';
import { backupCodeFrom, coarsePlace, deviceOf, normaliseBackupCode, normalisePhone, placeOf } from './security-rules.js';

describe('the security settings’ rules', () => {
  it('shows a place coarsely, and unknown without an address', () => {
    expect(placeOf(coarsePlace(undefined))).toEqual({ kind: 'unknown' });
    expect(placeOf(coarsePlace('not an address'))).toEqual({ kind: 'unknown' });
    expect(placeOf(coarsePlace('127.0.0.1'))).toEqual({ kind: 'this_device' });
    expect(placeOf(coarsePlace('::1'))).toEqual({ kind: 'this_device' });
    expect(placeOf(coarsePlace('192.168.1.20'))).toEqual({ kind: 'local_network' });
    expect(placeOf(coarsePlace('81.2.69.142'))).toEqual({ kind: 'network', network: '81.2.x.x' });
    expect(placeOf(coarsePlace('2a02:1234:5678::1'))).toEqual({ kind: 'network', network: '2a02:1234::/32' });
  });

  it('names a device from its user agent, or nothing it does not recognise', () => {
    const table: Array<[string | null, { browser: string | null; system: string | null }]> = [
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        { browser: 'Edge', system: 'Windows' },
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        { browser: 'Safari', system: 'iOS' },
      ],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', { browser: 'Firefox', system: 'Linux' }],
      [
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        { browser: 'Chrome', system: 'Android' },
      ],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
        { browser: 'Chrome', system: 'Linux' },
      ],
      ['curl/8.5.0', { browser: null, system: null }],
      [null, { browser: null, system: null }],
    ];
    for (const [agent, device] of table) expect(deviceOf(agent), String(agent)).toEqual(device);
  });

  it('takes a phone number with its country code, in E.164 whatever its spelling', () => {
    expect(normalisePhone('+1 (555) 000-1234')).toBe('+15550001234');
    expect(normalisePhone('+44 20 7946 0958')).toBe(normalisePhone('+4420-7946-0958'));
    expect(normalisePhone('15550001234')).toBeNull();
    expect(normalisePhone('+1 555')).toBeNull();
    expect(normalisePhone('call me')).toBeNull();
    expect(normalisePhone('+1234567890123456')).toBeNull();
  });

  it('makes backup codes of two groups of five, and reads them whatever the case and dash', () => {
    let i = 0;
    const code = backupCodeFrom((n) => i++ % n);
    expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(normaliseBackupCode(code.toUpperCase().replace('-', ''))).toBe(code);
    expect(normaliseBackupCode('123456')).toBeNull();
  });
});
