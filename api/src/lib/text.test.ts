import { describe, expect, it } from 'vitest';
import { boardName } from '../boards/contract.js';
import { imageFixtures } from '../images/fixtures.js';
import { testApp, type TestApp } from '../testing.js';
import { TEXT_MESSAGES } from './rules/text.js';
import { userText } from './text.js';

const fixtures = await imageFixtures();

describe('userText', () => {
  const line = userText({ max: 20 });
  const lines = userText({ max: 20, multiline: true });

  it.each([
    ['\u0000', TEXT_MESSAGES.controlCharacter],
    ['Trips\u0007', TEXT_MESSAGES.controlCharacter],
    ['a\u009bb', TEXT_MESSAGES.controlCharacter],
    ['a\u007f', TEXT_MESSAGES.controlCharacter],
    ['two\nlines', TEXT_MESSAGES.controlCharacter],
    ['tab\there', TEXT_MESSAGES.controlCharacter],
    ['\u202e\u202e', TEXT_MESSAGES.directionControl],
    ['invoice\u202egpj.exe', TEXT_MESSAGES.directionControl],
    ['\u2066x\u2069', TEXT_MESSAGES.directionControl],
    ['\u200b\u200b', TEXT_MESSAGES.invisibleOnly],
    ['\u200c\u200d\u2060\ufeff\u00ad', TEXT_MESSAGES.invisibleOnly],
    [' \u3164 \u2800 ', TEXT_MESSAGES.invisibleOnly],
    ['\ufe0f', TEXT_MESSAGES.invisibleOnly],
    ['\ud800', TEXT_MESSAGES.brokenCharacter],
    ['ok\udc00', TEXT_MESSAGES.brokenCharacter],
  ])('refuses %j in a one-line field', (value, message) => {
    const result = line.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it.each([
    ['Cafe\u0301', 'Café'],
    ['  Weekend trips  ', 'Weekend trips'],
    ['👩\u200d👩\u200d👧', '👩\u200d👩\u200d👧'],
    ['می\u200cخواهم', 'می\u200cخواهم'],
    ['\u05e9\u05dc\u05d5\u05dd\u200f', '\u05e9\u05dc\u05d5\u05dd\u200f'],
    ['😀', '😀'],
    ['', ''],
  ])('keeps %j as %j', (value, stored) => {
    expect(line.parse(value)).toBe(stored);
  });

  it('allows tabs and line breaks in multi-line fields, with line breaks as LF and spacing kept', () => {
    expect(lines.parse(' one\r\ntwo\rthree\tfour ')).toBe(' one\ntwo\nthree\tfour ');
    expect(lines.safeParse('a\u0000b').success).toBe(false);
    expect(lines.safeParse('\n\u200b\n').error?.issues[0]?.message).toBe(TEXT_MESSAGES.invisibleOnly);
  });

  it('counts length after normalising', () => {
    expect(userText({ max: 4 }).parse('Cafe\u0301')).toBe('Café');
  });

  it('is the rule the popup checks board names with', () => {
    expect(boardName.safeParse('\u202e\u202e').error?.issues[0]?.message).toBe(TEXT_MESSAGES.directionControl);
    expect(boardName.safeParse('').error?.issues[0]?.message).toBe("Don't forget to name your board!");
  });
});

async function member(t: TestApp) {
  const user = await t.makeUser();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser };
}

const HOSTILE: Array<[string, string]> = [
  ['\u0000', TEXT_MESSAGES.controlCharacter],
  ['\u202e\u202e', TEXT_MESSAGES.directionControl],
  ['\u200b\u200b', TEXT_MESSAGES.invisibleOnly],
  ['\ud800', TEXT_MESSAGES.brokenCharacter],
];

describe('user text through the API', () => {
  it.each(HOSTILE)('refuses a board named %j with a clear message and no row', async (name, message) => {
    const t = await testApp();
    const { browser } = await member(t);
    const res = await browser.post('BoardResource', 'create', { name });
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.message_detail).toBe(`name: ${message}`);
    expect(await t.db.selectFrom('boards').selectAll().execute()).toEqual([]);
  });

  it('stores a board name in NFC', async () => {
    const t = await testApp();
    const { browser } = await member(t);
    const res = await browser.post('BoardResource', 'create', { name: 'Cafe\u0301', description: 'Cre\u0300me\r\nbru\u0302le\u0301e' });
    expect(res.status).toBe(200);
    const row = await t.db.selectFrom('boards').selectAll().executeTakeFirstOrThrow();
    expect(row.name).toBe('Café');
    expect(row.description).toBe('Crème\nbrûlée');
  });

  it.each(HOSTILE)('refuses a board description, section name, pin title and pin description of %j', async (text, message) => {
    const t = await testApp();
    const { user, browser } = await member(t);
    const board = await t.makeBoard(user.id, 'Recipes');
    const refused = [
      ['description', await browser.post('BoardResource', 'create', { name: 'Other', description: text })],
      ['name', await browser.post('BoardSectionResource', 'create', { board_id: board, name: text })],
      ['title', await browser.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('tart'), title: text })],
      ['description', await browser.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('tart'), description: text })],
    ] as const;
    for (const [field, res] of refused) {
      expect(res.status).toBe(400);
      expect(res.body.resource_response.error?.message_detail).toBe(`${field}: ${message}`);
    }
    expect(await t.db.selectFrom('boards').select('name').execute()).toEqual([{ name: 'Recipes' }]);
    expect(await t.db.selectFrom('board_sections').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('pins').selectAll().execute()).toEqual([]);
  });

  it('stores a pin title and description in NFC', async () => {
    const t = await testApp();
    const { user, browser } = await member(t);
    const board = await t.makeBoard(user.id, 'Recipes');
    const res = await browser.post('PinResource', 'create', {
      board_id: board,
      image_url: fixtures.url('tart'),
      title: 'Cafe\u0301',
      description: 'Cafe\u0301 au lait',
    });
    expect(res.status).toBe(200);
    expect(await t.db.selectFrom('pins').select(['title', 'description']).executeTakeFirstOrThrow()).toEqual({ title: 'Café', description: 'Café au lait' });
  });

  it.each(HOSTILE)('refuses %j as a first or last name at sign-up, writing no account', async (text, message) => {
    const t = await testApp();
    for (const field of ['first_name', 'last_name']) {
      const res = await t.client().post('UserRegisterResource', 'create', {
        type: 'email',
        email: 'new.pinner@fastmail.com',
        password: 'Plum-Orchard-42',
        birthday: Math.floor((t.clock.now() - 30 * 365.25 * 86_400_000) / 1000),
        [field]: text,
      });
      expect(res.status).toBe(400);
      expect(res.body.resource_response.error?.message_detail).toBe(`${field}: ${message}`);
    }
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('stores sign-up names in NFC', async () => {
    const t = await testApp();
    const res = await t.client().post('UserRegisterResource', 'create', {
      type: 'email',
      email: 'new.pinner@fastmail.com',
      password: 'Plum-Orchard-42',
      birthday: Math.floor((t.clock.now() - 30 * 365.25 * 86_400_000) / 1000),
      first_name: 'Rene\u0301e',
      last_name: 'Zoe\u0308',
    });
    expect(res.status).toBe(200);
    expect(await t.db.selectFrom('users').select(['first_name', 'last_name']).executeTakeFirstOrThrow()).toEqual({ first_name: 'Renée', last_name: 'Zoë' });
  });
});
