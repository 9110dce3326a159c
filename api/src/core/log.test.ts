import { describe, expect, it } from 'vitest';
import { lastResetToken, v3Post } from '../auth/safety-helpers.js';
import { imageFixtures } from '../images/fixtures.js';
import { testApp } from '../testing.js';
import { createLogger, withoutQueries } from './log.js';
import { capturedLog } from './testing.js';

const fixtures = await imageFixtures();
const YEAR_S = 365.25 * 24 * 60 * 60;

describe('the request log', () => {
  it('writes one line per request with method, route pattern, status, ms and request id, and no secret of sign-up, log-in or reset', async () => {
    const { log, lines, entries } = capturedLog();
    const t = await testApp({ log });
    const email = 'secret.keeper@fastmail.com';
    const password = 'Plum-Orchard-42-secret';
    const newPassword = 'Tulip-Garden-77-secret';
    const secrets: string[] = [password, newPassword];

    const browser = t.client();
    const signedUp = await browser.post('UserRegisterResource', 'create', {
      type: 'email',
      email,
      password,
      birthday: Math.floor(t.clock.now() / 1000 - 30 * YEAR_S),
      country: 'US',
      first_name: 'Keeper',
      last_name: '',
      recaptchaV3Token: 'default',
    });
    expect(signedUp.status).toBe(200);
    secrets.push(browser.cookie!.split('=')[1]!);
    const other = t.client();
    expect((await other.logIn(email, password)).status).toBe(200);
    secrets.push(other.cookie!.split('=')[1]!);
    // A wrong password is logged as a 401 line, without the password tried.
    expect((await t.client().logIn(email, 'Wrong-Guess-99-secret')).status).toBe(401);
    secrets.push('Wrong-Guess-99-secret');

    await v3Post(t, '/v3/users/forgot_password/', { username_or_email: email });
    const token = await lastResetToken(t, email);
    secrets.push(token);
    // The reset page, its token in the query string, then the reset itself with the token in the body.
    expect((await t.app.request(`/password/reset/?token=${token}`)).status).toBe(200);
    expect((await v3Post(t, '/v3/users/password/reset/', { token, new_password: newPassword })).status).toBe(200);
    const after = t.client();
    expect((await after.logIn(email, newPassword)).status).toBe(200);
    secrets.push(after.cookie!.split('=')[1]!);
    // A bearer header and a cookie on a request of their own.
    await t.app.request('/v3/users/settings', { headers: { authorization: 'Bearer hdr-secret-0123456789', cookie: 'cb_session=cookie-secret-0123456789' } });
    secrets.push('hdr-secret-0123456789', 'cookie-secret-0123456789');

    const all = lines.join('\n');
    for (const secret of secrets) expect(all, `a secret reached the log: ${secret.slice(0, 6)}…`).not.toContain(secret);
    expect(all).not.toContain(email);

    const requests = entries().filter((e) => e.msg === 'request');
    // One line per request, none for anything else of it.
    expect(requests.map((e) => `${e.method} ${e.route} ${e.status}`)).toEqual([
      'POST /resource/UserRegisterResource/create/ 200',
      'POST /resource/UserSessionResource/create/ 200',
      'POST /resource/UserSessionResource/create/ 401',
      'POST /v3/users/forgot_password/ 200',
      'GET /password/reset/ 200',
      'POST /v3/users/password/reset/ 200',
      'POST /resource/UserSessionResource/create/ 200',
      'GET /v3/users/settings 401',
    ]);
    for (const entry of requests) {
      expect(entry).toMatchObject({ level: 30, req_id: expect.stringMatching(/^[0-9a-f-]{36}$/), ms: expect.any(Number) });
      expect(Object.keys(entry).sort()).toEqual(['level', 'method', 'ms', 'msg', 'pid', 'req_id', 'route', 'status', 'time']);
    }
    expect(requests.find((e) => e.route === '/password/reset/')).toMatchObject({ method: 'GET', status: 200 });
  });

  it('carries the request id into the job the request queued, and logs the job with it', async () => {
    const { log, entries } = capturedLog();
    const t = await testApp({ log });
    const user = await t.makeUser();
    const board = await t.makeBoard(user.id, 'Tarts');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const saved = await browser.send('/resource/PinResource/create/', {
      method: 'POST',
      headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/json', 'x-request-id': 'save-req-0001' },
      body: JSON.stringify({ options: { board_id: board, image_url: fixtures.url('tart'), link: 'https://a.example/', method: 'button' } }),
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('x-request-id')).toBe('save-req-0001');
    expect(await t.db.selectFrom('jobs').select(['kind', 'request_id']).execute()).toEqual([{ kind: 'image.ingest', request_id: 'save-req-0001' }]);

    await t.runJobs();
    expect(
      entries()
        .filter((e) => e.req_id === 'save-req-0001')
        .map((e) => [e.msg, e.kind ?? e.route, e.outcome ?? e.status]),
    ).toEqual([
      ['request', '/resource/PinResource/create/', 200],
      ['job', 'image.ingest', 'done'],
    ]);
  });

  it('redacts secret fields of anything logged, and stays quiet at LOG_LEVEL=silent', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    log.info(
      { password: 'p-secret', user: { token: 'tk-secret', name: 'ok' }, headers: { cookie: 'c-secret', authorization: 'a-secret' }, 'set-cookie': 's-secret' },
      'something',
    );
    expect(lines.join('')).not.toMatch(/p-secret|tk-secret|c-secret|a-secret|s-secret/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ password: '[redacted]', user: { token: '[redacted]', name: 'ok' } });
    // An error's text keeps its URLs' hosts and paths, not their queries.
    expect(withoutQueries('outbound_refused: https://img.example/a.png?token=abc&x=1 and http://b.example/p#frag')).toBe(
      'outbound_refused: https://img.example/a.png?… and http://b.example/p?…',
    );
    // An error: its name, message and stack, not the fields a library hung on it.
    const failure = Object.assign(new Error('send failed for https://mail.example/x?key=k-secret'), { command: 'AUTH PLAIN cred-secret' });
    log.error({ err: failure }, 'mail not sent');
    expect(lines.at(-1)).not.toMatch(/k-secret|cred-secret/);
    expect(JSON.parse(lines.at(-1)!).err).toMatchObject({ type: 'Error', message: 'send failed for https://mail.example/x?…' });
    const quiet: string[] = [];
    createLogger('silent', { write: (line: string) => void quiet.push(line) }).error('not written');
    expect(quiet).toEqual([]);
  });
});
