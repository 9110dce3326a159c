import { solveChallenge } from 'altcha-lib';
import type { TestApp } from '../testing.js';

/** Test helpers for the account-safety tests: the dev outbox, reset links, SMS codes, solved challenges. */
export async function outboxMessages(t: TestApp, to?: string) {
  let query = t.db.selectFrom('outbox').selectAll().orderBy('created_at', 'asc');
  if (to) query = query.where('to_address', '=', to);
  return query.execute();
}

export async function lastResetToken(t: TestApp, to: string): Promise<string> {
  const mail = (await outboxMessages(t, to)).filter((m) => m.channel === 'email').at(-1);
  const token = /\/password\/reset\/\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no reset link mailed to ${to}`);
  return token;
}

export async function lastSmsCode(t: TestApp, phone: string): Promise<string> {
  const sms = (await outboxMessages(t, phone)).at(-1);
  const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** Fetches a challenge and solves it as the popup does; returns the recaptchaV2Token value. */
export async function solvedChallenge(t: TestApp): Promise<string> {
  const res = await t.client().send('/v3/challenge/');
  const c = res.body.resource_response.data;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(
    JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature }),
  ).toString('base64');
}

export function v3Post(t: TestApp, path: string, body: unknown, browser = t.client()) {
  return browser.send(path, {
    method: 'POST',
    headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The token of the newest confirmation link mailed to an address. */
export async function lastVerifyToken(t: TestApp, to: string): Promise<string> {
  const mail = (await outboxMessages(t, to)).filter((m) => m.channel === 'email' && m.body.includes('/email/verify/')).at(-1);
  const token = /\/email\/verify\/\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${to}`);
  return token;
}

/** An email sign-up through the popup's resource, as a person makes one: the browser is logged in after. */
export function signUpWithEmail(t: TestApp, email: string, browser = t.client(), password = 'Plum-Orchard-42') {
  return browser.post('UserRegisterResource', 'create', {
    type: 'email',
    email,
    password,
    birthday: Math.floor((t.clock.now() - 30 * 365.25 * 86_400_000) / 1000),
    first_name: 'Vic',
  });
}
