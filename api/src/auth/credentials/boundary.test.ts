import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Credentials are written in one place: no file of api/src outside auth/credentials/ updates a credential
 * column of `users` or writes `identities` (a new account's first row is its creation, not a change: the
 * sign-up inserts are the only ones allowed). Tests, test helpers and migrations are not walked.
 */
const SRC = fileURLToPath(new URL('../../', import.meta.url));
const CREDENTIAL_COLUMNS =
  /\b(password_hash|email|pending_email|email_verified_at|mfa_method|totp_secret|phone_number|mfa_enabled_at|mfa_pending_method|mfa_pending_secret|mfa_pending_phone|security_epoch)\s*:/;
/** Account creation: a social sign-up inserts the account with its first identity. */
const CREATION = new Set(["auth/providers/store.ts:insertInto('identities')"]);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' || name === 'credentials' ? [] : walk(path);
    return /\.ts$/.test(name) && !/\.test\.ts$|testing[\w-]*\.ts$/.test(name) ? [path] : [];
  });
}

/** Each write of credentials outside auth/credentials/, as `file:what`. */
function credentialWrites(): string[] {
  const found: string[] = [];
  for (const path of walk(SRC)) {
    const file = relative(SRC, path);
    const text = readFileSync(path, 'utf8');
    for (const m of text.matchAll(/updateTable\(\s*'users'\s*\)/g)) {
      const statement = text.slice(m.index, text.indexOf('.execute', m.index));
      if (CREDENTIAL_COLUMNS.test(statement)) found.push(`${file}:${CREDENTIAL_COLUMNS.exec(statement)![1]}`);
    }
    for (const m of text.matchAll(/(insertInto|deleteFrom|updateTable)\(\s*'identities'\s*\)/g)) {
      const what = `${file}:${m[1]}('identities')`;
      if (!CREATION.has(what)) found.push(what);
    }
  }
  return found;
}

describe('credentials are written only in auth/credentials/', () => {
  it('no other file of the server updates a credential column or a connected provider', () => {
    expect(credentialWrites()).toEqual([]);
  });

  it('the walk finds a write when there is one', () => {
    expect(CREDENTIAL_COLUMNS.test(".set({ password_hash: 'x' })")).toBe(true);
    expect(walk(SRC).some((path) => path.endsWith('auth/store.ts'))).toBe(true);
  });
});
