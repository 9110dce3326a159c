import { once } from 'node:events';
import { capturedLog } from '../core/testing.js';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { inviteMail, orderCollaborators } from './service.js';

/** A real SMTP server on loopback that keeps each message with its envelope recipients. */
async function smtpInbox() {
  const received: Array<{ to: string[]; message: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      stream.on('end', () => {
        // Quoted-printable soft line breaks undone, so a long link reads whole.
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), message: text.replace(/=\r?\n/g, '') });
        done();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => server.close() };
}

async function member(t: TestApp, name: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser };
}

describe('collaborator search (ShareSuggestionsTypeaheadResource)', () => {
  it('finds people by the start of their name, not the viewer, at most 5', async () => {
    const t = await testApp();
    const me = await member(t, 'annie');
    await t.makeUser('anna');
    await t.makeUser('bob');
    for (let i = 0; i < 6; i++) await t.makeUser(`andy${i}`);
    const found = (await me.browser.get('ShareSuggestionsTypeaheadResource', { term: 'an' })).body.resource_response.data;
    expect(found).toHaveLength(5);
    expect(found.every((c: { type: string; username: string }) => c.type === 'user' && c.username.startsWith('an') && c.username !== 'annie')).toBe(true);
    expect(
      (await me.browser.get('ShareSuggestionsTypeaheadResource', { term: 'BO' })).body.resource_response.data.map((c: { username: string }) => c.username),
    ).toEqual(['bob']);
  });

  it('treats LIKE wildcards as text', async () => {
    const t = await testApp();
    const me = await member(t, 'carol');
    await t.makeUser('dave');
    expect((await me.browser.get('ShareSuggestionsTypeaheadResource', { term: '%' })).body.resource_response.data).toEqual([]);
    expect((await me.browser.get('ShareSuggestionsTypeaheadResource', { term: '_' })).body.resource_response.data).toEqual([]);
  });

  it('offers a typed email, marked valid or not', async () => {
    const t = await testApp();
    const me = await member(t, 'erin');
    expect((await me.browser.get('ShareSuggestionsTypeaheadResource', { term: 'friend@exa' })).body.resource_response.data).toEqual([
      { type: 'email', id: 'friend@exa', email: 'friend@exa', valid: false },
    ]);
    expect((await me.browser.get('ShareSuggestionsTypeaheadResource', { term: 'friend@example.com' })).body.resource_response.data[0].valid).toBe(true);
  });
});

describe('board invites (BoardInviteResource)', () => {
  it('invites people and emails to the owner’s board, once each', async () => {
    const t = await testApp();
    const owner = await member(t, 'owner');
    const friend = await t.makeUser('friend');
    const board = await t.makeBoard(owner.user.id, 'Together');
    const res = await owner.browser.post('BoardInviteResource', 'create', {
      board_id: board,
      invited_user_ids: [friend.id, friend.id, owner.user.id],
      emails: ['Pal@Example.com', 'pal@example.com'],
    });
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toEqual({ board_id: board, invited_user_ids: [friend.id], emails: ['pal@example.com'] });
    expect(await t.db.selectFrom('board_collaborators').select(['user_id', 'status']).execute()).toEqual([{ user_id: friend.id, status: 'invited' }]);
    expect(await t.db.selectFrom('board_email_invites').select('email').execute()).toEqual([{ email: 'pal@example.com' }]);
    // The invited friend declines.
    const friendBrowser = t.client();
    await friendBrowser.logIn(friend.email, friend.password);
    expect((await friendBrowser.post('BoardInviteResource', 'delete', { board_id: board, invited_user_id: friend.id })).status).toBe(200);
    expect(await t.db.selectFrom('board_collaborators').selectAll().execute()).toEqual([]);
  });

  it('refuses invites to someone else’s board, bad emails and unknown people, writing nothing', async () => {
    const t = await testApp();
    const owner = await member(t, 'owner');
    const board = await t.makeBoard(owner.user.id, 'Mine');
    const stranger = await member(t, 'stranger');
    expect((await stranger.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['x@example.com'] })).status).toBe(403);
    const bad = await owner.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['not-an-email'] });
    expect(bad.status).toBe(400);
    expect(bad.body.resource_response.error?.message_detail).toBe('emails: not-an-email is not an email address.');
    expect((await owner.browser.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: ['123456789012345678'] })).status).toBe(400);
    expect(await t.db.selectFrom('board_email_invites').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('board_collaborators').selectAll().execute()).toEqual([]);
  });
});

describe('email invites are mailed', () => {
  it('mails each new email once over SMTP, naming the inviter and the board, with its link', async () => {
    const inbox = await smtpInbox();
    try {
      const t = await testApp({ config: { smtpUrl: inbox.url } });
      const owner = await member(t, 'owner');
      await t.db.updateTable('users').set({ first_name: 'Ada', last_name: 'Lovelace' }).where('id', '=', owner.user.id).execute();
      const board = await t.makeBoard(owner.user.id, 'Together', 'secret');
      const first = await owner.browser.post('BoardInviteResource', 'create', {
        board_id: board,
        emails: ['Pal@Example.com', 'pal@example.com', 'bud@example.com'],
      });
      expect(first.status).toBe(200);
      expect(inbox.received.map((m) => m.to)).toEqual([['pal@example.com'], ['bud@example.com']]);
      const message = inbox.received[0]!.message;
      expect(message).toMatch(/^To: pal@example\.com/m);
      expect(message).toMatch(/^Content-Type: text\/plain/m);
      expect(message).not.toMatch(/text\/html/);
      expect(message).toContain('Ada Lovelace');
      expect(message).toContain('http://localhost:8787/owner/together/');
      expect(await t.db.selectFrom('outbox').selectAll().execute()).toEqual([]);

      // Inviting again: the known email gets no second mail, a new one gets its first.
      const again = await owner.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['pal@example.com', 'new@example.com'] });
      expect(again.status).toBe(200);
      expect(inbox.received.map((m) => m.to)).toEqual([['pal@example.com'], ['bud@example.com'], ['new@example.com']]);

      // The same email invited to another board is new there.
      const other = await t.makeBoard(owner.user.id, 'Another');
      await owner.browser.post('BoardInviteResource', 'create', { board_id: other, emails: ['pal@example.com'] });
      expect(inbox.received).toHaveLength(4);
      expect(inbox.received[3]!.message).toContain('http://localhost:8787/owner/another/');
    } finally {
      inbox.close();
    }
  });

  it('sends nothing and writes nothing for a bad email, even beside good ones', async () => {
    const inbox = await smtpInbox();
    try {
      const t = await testApp({ config: { smtpUrl: inbox.url } });
      const owner = await member(t, 'owner');
      const board = await t.makeBoard(owner.user.id, 'Mine');
      const bad = await owner.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['good@example.com', 'not-an-email'] });
      expect(bad.status).toBe(400);
      expect(bad.body.resource_response.error?.message_detail).toBe('emails: not-an-email is not an email address.');
      const tooLong = await owner.browser.post('BoardInviteResource', 'create', { board_id: board, emails: [`${'a'.repeat(250)}@example.com`] });
      expect(tooLong.status).toBe(400);
      const stranger = await member(t, 'stranger');
      expect((await stranger.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['x@example.com'] })).status).toBe(403);
      expect(inbox.received).toEqual([]);
      expect(await t.db.selectFrom('board_email_invites').selectAll().execute()).toEqual([]);
    } finally {
      inbox.close();
    }
  });

  it('goes to the dev outbox without SMTP_URL, as plain text a name cannot add lines to', async () => {
    const t = await testApp();
    const owner = await member(t, 'owner');
    await t.db.updateTable('users').set({ first_name: 'Eve\nSee https://evil.example/', last_name: '<b>x</b>' }).where('id', '=', owner.user.id).execute();
    const board = await t.makeBoard(owner.user.id, 'Plans');
    await owner.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['pal@example.com'] });
    const mail = await t.db.selectFrom('outbox').selectAll().execute();
    expect(mail).toHaveLength(1);
    // The subject is ours: nothing the sender typed reaches a stranger's inbox list.
    expect(mail[0]).toMatchObject({ channel: 'email', to_address: 'pal@example.com', subject: "You're invited to collaborate on a board on Corkboard" });
    expect(mail[0]!.body).toContain('Eve See https://evil.example/ <b>x</b>');
    expect(mail[0]!.body).toContain('http://localhost:8787/owner/plans/');
    expect(mail[0]!.body.split('\n').some((line) => line.startsWith('See https://evil'))).toBe(false);
  });

  it('keeps the invite when the mail server is down', async () => {
    // The failure is in the JSON log (core/log.ts), at error level, with the request's id.
    const { log, entries } = capturedLog();
    const t = await testApp({ config: { smtpUrl: 'smtp://127.0.0.1:9' }, log });
    const owner = await member(t, 'owner');
    const board = await t.makeBoard(owner.user.id, 'Offline');
    const res = await owner.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['pal@example.com'] });
    expect(res.status).toBe(200);
    expect(entries().find((e) => e.msg === 'message not sent')).toMatchObject({
      level: 50,
      kind: 'invite.board',
      req_id: res.headers.get('x-request-id'),
      err: { message: expect.any(String) },
    });
    expect(await t.db.selectFrom('board_email_invites').select('email').execute()).toEqual([{ email: 'pal@example.com' }]);
  });

  it('one address gets at most 10 invites a day over every sender; a refused call counts and writes nothing', async () => {
    const t = await testApp();
    const first = await member(t, 'first');
    const second = await member(t, 'second');
    for (let i = 0; i < 10; i++) {
      const board = await t.makeBoard(first.user.id, `Board ${i}`);
      expect((await first.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['Stranger@example.org'] })).status).toBe(200);
    }
    const board = await t.makeBoard(second.user.id, 'Yet another');
    const refused = await second.browser.post('BoardInviteResource', 'create', {
      board_id: board,
      emails: ['someone.else@example.org', 'stranger@example.org'],
    });
    expect(refused.status).toBe(429);
    expect(refused.body.resource_response.error?.api_error_code).toBe(264);
    expect(await t.db.selectFrom('board_email_invites').select('email').where('board_id', '=', board).execute()).toEqual([]);
    expect(await t.db.selectFrom('outbox').select('id').where('to_address', '=', 'stranger@example.org').execute()).toHaveLength(10);
    // What the refused call took was given back: the other address and the sender still have their share.
    expect((await second.browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['someone.else@example.org'] })).status).toBe(200);
  });

  it('names the inviter by username when they have no name, in the body: the subject is always ours', () => {
    const mail = inviteMail({
      to: 'a@example.com',
      inviter: { username: 'ada', first_name: ' ', last_name: '' },
      board: { name: 'B\r\nC', url: 'http://localhost:8787/ada/b/' },
    });
    expect(mail.subject).toBe("You're invited to collaborate on a board on Corkboard");
    expect(mail.text).toContain('ada (ada on Corkboard) invited you to collaborate on the board “B C”.');
  });
});

describe('collaborator order', () => {
  it('is owner, then the viewer, then the others by full name', () => {
    const people = [
      { id: 'z', full_name: 'Zed' },
      { id: 'v', full_name: 'Viewer' },
      { id: 'a', full_name: 'Amy' },
      { id: 'o', full_name: 'Owner' },
    ];
    expect(orderCollaborators(people, 'o', 'v').map((p) => p.id)).toEqual(['o', 'v', 'a', 'z']);
  });
});

describe('BoardCollaboratorsResource get for people who are not members', () => {
  it('shows a public board’s accepted collaborators to anyone, pending invites to members only; a secret board is not found', async () => {
    const t = await testApp();
    const owner = await t.makeUser('oona');
    const joined = await t.makeUser('jo');
    const pending = await t.makeUser('pat');
    const ob = t.client();
    await ob.logIn(owner.email, owner.password);
    const jb = t.client();
    await jb.logIn(joined.email, joined.password);
    const pub = await t.makeBoard(owner.id, 'Open');
    const secret = await t.makeBoard(owner.id, 'Closed', 'secret');
    for (const board of [pub, secret]) {
      await ob.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [joined.id, pending.id] });
      await jb.post('BoardInviteResource', 'update', { board_id: board });
    }
    const visitor = t.client();
    const seen = await visitor.get('BoardCollaboratorsResource', { board_id: pub });
    expect(seen.body.resource_response.data.map((p: { username: string; status: string }) => [p.username, p.status])).toEqual([['jo', 'accepted']]);
    const members = await jb.get('BoardCollaboratorsResource', { board_id: pub });
    expect(members.body.resource_response.data.map((p: { username: string }) => p.username)).toEqual(['jo', 'pat']);
    expect((await visitor.get('BoardCollaboratorsResource', { board_id: secret })).body.resource_response.error?.api_error_code).toBe(40);
    expect((await visitor.get('BoardCollaboratorsResource', { board_id: 'x' })).body.resource_response.error?.api_error_code).toBe(1);
  });
});
