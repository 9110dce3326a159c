/**
 * The credential changes, as docs/security.md lists them (api/src/security.ts renders this table): where
 * each is asked for, the fresh proof it takes (auth/credentials/proof.ts) and what it retires. Every one
 * that commits moves the account's security epoch (auth/credentials/store.ts moveSecurityEpoch), so
 * "retires" is the same for all but the session it keeps.
 */
export interface CredentialChange {
  change: string;
  route: string;
  proof: string;
  keeps: string;
}

/** What every committed change retires, beside the sessions it ends. */
export const RETIRED_BY_EVERY_CHANGE =
  'reset links, verification and email-change links, remembered-browser tokens, and whatever else records the epoch (personal access tokens)';

export const CREDENTIAL_CHANGES: readonly CredentialChange[] = [
  {
    change: 'Password change',
    route: 'UserPasswordResource update',
    proof: 'the current password, and a two-factor code when it is on',
    keeps: 'none: this browser gets a new session (same log-in time)',
  },
  {
    change: 'Password reset',
    route: 'POST /v3/users/password/reset/',
    proof: 'the live reset link, mailed to the account’s current address under the current epoch',
    keeps: 'none',
  },
  {
    change: 'First password (an account made through a provider)',
    route: 'SocialPasswordResource create',
    proof: 'a real log-in through the provider in the last 30 minutes, and a two-factor code when it is on',
    keeps: 'the session that set it',
  },
  {
    change: 'Email change',
    route: 'EmailChangeResource create, then the link mailed to the new address',
    proof: 'the password (or, with none, a real log-in in the last 30 minutes) and a two-factor code when it is on; the link proves the new address',
    keeps: 'the session that asked for it; the old address gets an undo link for 7 days',
  },
  {
    change: 'Email change undone',
    route: 'EmailChangeUndoResource create (the old address’s link)',
    proof: 'the undo link mailed to the old address (single use, 7 days, outlives later changes)',
    keeps: 'none',
  },
  {
    change: 'Two-factor on (app or SMS)',
    route: 'TwoFactorResource create, then update',
    proof: 'the password (or, with none, a real log-in in the last 30 minutes); the new factor’s code only confirms the set-up, it proves nothing',
    keeps: 'the session that turned it on (rotated, same log-in time)',
  },
  {
    change: 'Two-factor off (and so a change of method or phone: off, then on)',
    route: 'TwoFactorResource delete',
    proof: 'the password and a current code (app, SMS or backup code)',
    keeps: 'the session that turned it off',
  },
  {
    change: 'Backup codes',
    route: 'made only when two-factor goes on (ten, shown once); spent one by one',
    proof: 'as two-factor on',
    keeps: 'as two-factor on',
  },
  {
    change: 'Provider linked',
    route: '/oauth/{provider}/start/?mode=link, then its callback; SocialLinkResource create (after a log-in)',
    proof: 'a real log-in (password and code, or the provider) in the last 30 minutes: a session a change rotated does not count',
    keeps: 'the session that linked it',
  },
  {
    change: 'Provider unlinked',
    route: 'SocialIdentitiesResource delete',
    proof: 'a real log-in in the last 30 minutes',
    keeps: 'the session that unlinked it',
  },
  { change: 'Operator sets or clears two-factor', route: 'admin mfa-sms / mfa-totp / mfa-off', proof: 'the operator’s shell', keeps: 'none' },
];

/** The table as Markdown. */
export function credentialChangesTable(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    '| Change | Asked by | Fresh proof | Session kept |',
    '| --- | --- | --- | --- |',
    ...CREDENTIAL_CHANGES.map((c) => `| ${cell(c.change)} | ${cell(c.route)} | ${cell(c.proof)} | ${cell(c.keeps)} |`),
  ].join('\n');
}
