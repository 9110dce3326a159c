import { describe, expect, it } from 'vitest';
import { testApp, type Answer } from '../testing.js';
import { shareMail } from './share.js';

/** Issue 19's Send: a Pin mailed to a person through the mail transport (the dev outbox here). */
const data = (res: Answer) => res.body.resource_response.data;
const code = (res: Answer): number | undefined => res.body.resource_response.error?.api_error_code;

async function world() {
  const t = await testApp();
  const owner = await t.makeUser('sally');
  const stranger = await t.makeUser('stan');
  const b = { owner: t.client(), stranger: t.client(), visitor: t.client() };
  await b.owner.logIn(owner.email, owner.password);
  await b.stranger.logIn(stranger.email, stranger.password);
  const pub = await t.makeBoard(owner.id, 'Tarts');
  const secret = await t.makeBoard(owner.id, 'Surprise', 'secret');
  const pin = async (board: string) =>
    data(await b.owner.post('PinResource', 'create', { board_id: board, link: 'https://example.com/tart', color: '#336699', title: 'Lemon tart' }))
      .id as string;
  return { t, b, pins: { pub: await pin(pub), secret: await pin(secret) } };
}

const mails = (t: Awaited<ReturnType<typeof testApp>>) =>
  t.db.selectFrom('outbox').select(['to_address', 'subject', 'body']).where('channel', '=', 'email').execute();

describe('PinShareResource create', () => {
  it('mails the Pin’s page to the address, with the sender’s name and note as text', async () => {
    const { t, b, pins } = await world();
    const res = await b.stranger.post('PinShareResource', 'create', { pin_id: pins.pub, email: ' Friend@Example.com ', note: 'Look!\n<b>yum</b>' });
    expect(res.status).toBe(200);
    expect(data(res)).toEqual({ pin_id: pins.pub, email: 'friend@example.com', url: `${t.deps.config.publicOrigin}/pin/${pins.pub}/` });
    const [mail] = await mails(t);
    expect(mail?.to_address).toBe('friend@example.com');
    expect(mail?.subject).toBe('stan sent you a Pin: Lemon tart on Corkboard');
    expect(mail?.body).toContain(`${t.deps.config.publicOrigin}/pin/${pins.pub}/\n`);
    expect(mail?.body).toContain('stan wrote:\nLook!\n<b>yum</b>');
  });

  it('refuses a visitor, a bad address, a secret board’s Pin, a Pin one may not see and bad input, sending nothing', async () => {
    const { t, b, pins } = await world();
    expect(code(await b.visitor.post('PinShareResource', 'create', { pin_id: pins.pub, email: 'a@example.com' }))).toBe(7);
    expect(code(await b.stranger.post('PinShareResource', 'create', { pin_id: pins.pub, email: 'not an email' }))).toBe(1);
    expect(code(await b.owner.post('PinShareResource', 'create', { pin_id: pins.secret, email: 'a@example.com' }))).toBe(203);
    expect(code(await b.stranger.post('PinShareResource', 'create', { pin_id: pins.secret, email: 'a@example.com' }))).toBe(50);
    expect(code(await b.stranger.post('PinShareResource', 'create', { pin_id: '999', email: 'a@example.com' }))).toBe(50);
    expect(code(await b.stranger.post('PinShareResource', 'create', { pin_id: 'x', email: 'a@example.com' }))).toBe(1);
    expect(code(await b.stranger.post('PinShareResource', 'create', { pin_id: pins.pub, email: 'a@example.com', note: 'x'.repeat(501) }))).toBe(1);
    expect(code(await b.stranger.post('PinShareResource', 'create', { pin_id: pins.pub, email: `${'a'.repeat(250)}@example.com` }))).toBe(1);
    expect(await mails(t)).toEqual([]);
  });

  it('stops a sender at the day’s limit with 429 code 202', async () => {
    const { b, pins } = await world();
    let last: Answer | undefined;
    for (let i = 0; i < 51; i++) last = await b.stranger.post('PinShareResource', 'create', { pin_id: pins.pub, email: `f${i}@example.com` });
    expect(last?.status).toBe(429);
    expect(code(last!)).toBe(202);
  });

  it('stops mail to one address at the day’s limit whoever sends it (429 code 204), so accounts cannot flood a stranger’s inbox', async () => {
    const { t, b, pins } = await world();
    const send = (who: (typeof b)['owner']) => who.post('PinShareResource', 'create', { pin_id: pins.pub, email: 'victim@example.com' });
    for (let i = 0; i < 20; i++) expect((await send(i % 2 ? b.owner : b.stranger)).status).toBe(200);
    const refused = await send(b.owner);
    expect(refused.status).toBe(429);
    expect(code(refused)).toBe(204);
    expect(code(await send(b.stranger))).toBe(204);
    // The same Pin from the same sender to the same address folds into the first mail (lib/messages/gate.ts).
    expect(await mails(t)).toHaveLength(2);
    // The senders' own allowance is given back: another address still gets their Pin.
    expect((await b.stranger.post('PinShareResource', 'create', { pin_id: pins.pub, email: 'friend@example.com' })).status).toBe(200);
  });

  it('keeps a name from adding lines to the mail', () => {
    const mail = shareMail({
      to: 'a@example.com',
      sender: { username: 'eve', full_name: 'Eve\nBcc: x@example.com' },
      pin: { title: 'T\r\nX', url: 'http://localhost/pin/1/' },
      note: '',
    });
    expect(mail.subject).toBe('Eve Bcc: x@example.com sent you a Pin: T X on Corkboard');
  });
});
