import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { outgoingFor } from '../../outbox/service.js';
import { newTotpSecret, totpFor } from '../../auth/mfa.js';
import { ACCOUNT_STATES, DEACTIVATION_REASONS } from '../../auth/rules/recovery.js';
import { resetService } from '../../auth/reset.js';
import { authService } from '../../auth/service.js';
import { normaliseEmail } from '../../auth/session.js';
import { authStore } from '../../auth/store.js';
import { credentialStore } from '../../auth/credentials/store.js';
import { auditLog } from '../audit.js';
import { operatorTools } from '../tools.js';
import { operatorPeople } from '../people.js';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> <email> [...]
  create <email> <password> [first name]   make an account (operators, tests)
  state <email> <${ACCOUNT_STATES.join('|')}> [${Object.keys(DEACTIVATION_REASONS).join('|')}]
                                           every state but active logs out everywhere; soft_banned also mails a reset link
  mfa-sms <email> <phone>                  two-factor codes by SMS (the dev outbox without a provider)
  mfa-totp <email>                         two-factor with an authenticator app; prints the secret
  mfa-off <email>                          two-factor off
  unlock <email>                           forget failed log-ins and any lock
  picture <email> <https url>              the profile picture (the welcome-back log-in shows it)
  invite <email>                           mail a single-use sign-up invitation (SIGNUP_MODE=invite); prints its link
  operator <email>                         make the account an operator (the console at /admin/, with two-factor on)
  operator-off <email>                     take the operator role away`;

const email = z.string().trim().toLowerCase().email('Give an account email.');
const commands = {
  create: z.tuple([email, z.string().min(6, 'Give a password of 6+ characters.'), z.string().optional()]),
  state: z.tuple([email, z.enum(ACCOUNT_STATES), z.enum(Object.keys(DEACTIVATION_REASONS) as [keyof typeof DEACTIVATION_REASONS]).optional()]),
  'mfa-sms': z.tuple([email, z.string().regex(/^\+?[0-9 ()-]{6,20}$/, 'Give a phone number.')]),
  'mfa-totp': z.tuple([email]),
  'mfa-off': z.tuple([email]),
  unlock: z.tuple([email]),
  picture: z.tuple([
    email,
    z
      .string()
      .url()
      .regex(/^https?:\/\//, 'Give an http(s) URL.'),
  ]),
  invite: z.tuple([email]),
  operator: z.tuple([email]),
  'operator-off': z.tuple([email]),
};

/**
 * The operator's commands (npm run admin): set an account's state, two-factor, lock and picture.
 * Returns what to print; throws an Error whose message is for the operator.
 */
export async function runAdmin(deps: Deps, argv: string[]): Promise<string> {
  const [name, ...rest] = argv;
  if (!name || !Object.hasOwn(commands, name)) throw new Error(ADMIN_USAGE);
  const parsed = commands[name as keyof typeof commands].safeParse(rest);
  if (!parsed.success) throw new Error(`${parsed.error.issues.map((i) => i.message).join('; ')}\n\n${ADMIN_USAGE}`);
  const store = authStore(deps.db);
  const credentials = credentialStore(deps.db);
  const auth = authService(deps);
  const now = deps.clock.now();

  if (name === 'create') {
    const [address, password, firstName] = parsed.data as z.infer<typeof commands.create>;
    const base = address
      .split('@')[0]!
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 24)
      .padEnd(3, '0');
    const username = `${base}${now.toString(36).slice(-4)}`;
    await auth.createAccount({ email: address, password, username, firstName: firstName ?? base });
    return `created ${address} (username ${username})`;
  }

  if (name === 'invite') {
    // Mailed through the product's mail (SMTP or the dev outbox); the link is printed too, for an operator who hands it over.
    const { email: invited, link } = await operatorTools(deps).invitations.invite({ via: 'cli' }, outgoingFor(deps).mailer, parsed.data[0] as string, null);
    return `invited ${invited}\n${link}`;
  }

  const address = normaliseEmail(parsed.data[0] as string);
  const user = await store.findUserByEmail(address);
  if (!user) throw new Error(`No account with the email ${address}.`);

  switch (name) {
    case 'state': {
      const [, state, reason] = parsed.data as z.infer<typeof commands.state>;
      // The console's own service where it has the state, so both change the same things and write the same audit row.
      const shared = { suspended: 'suspend', deactivated: 'deactivate', active: 'reinstate' } as const;
      if (Object.hasOwn(shared, state))
        await operatorPeople(deps).act({ via: 'cli' }, user.id, shared[state as keyof typeof shared], null, reason ?? 'user_requested');
      else {
        // Every state that refuses log-in ends the account's sessions (auth/states.ts).
        await auth.setAccountState(user.id, state, reason ?? null);
        await auditLog(deps.db, deps.clock).record(
          { via: 'cli' },
          { action: `account.state`, subjectKind: 'user', subjectId: user.id, detail: { from: user.state, to: state } },
        );
      }
      if (state === 'soft_banned') {
        await resetService(deps, outgoingFor(deps).mailer).sendLink(user, 'soft_ban');
      }
      return `${address} is now ${state}`;
    }
    case 'mfa-sms': {
      const [, phone] = parsed.data as z.infer<(typeof commands)['mfa-sms']>;
      // A credential change like any other (auth/credentials/store.ts): the epoch moves, every session ends.
      await credentials.disableMfa(user.id, deps.clock.now(), null);
      await credentials.enableMfa(
        user.id,
        { mfa_method: 'sms', phone_number: phone.replace(/[^+0-9]/g, ''), totp_secret: null, totp_last_step: null },
        [],
        null,
        deps.clock.now(),
      );
      return `${address} now needs a code sent to ${phone}`;
    }
    case 'mfa-totp': {
      const secret = newTotpSecret();
      await credentials.disableMfa(user.id, deps.clock.now(), null);
      await credentials.enableMfa(user.id, { mfa_method: 'totp', totp_secret: secret, phone_number: null, totp_last_step: null }, [], null, deps.clock.now());
      return `${address} now needs an authenticator code.\nsecret ${secret}\n${totpFor(secret, address, deps.config.brandName).toString()}`;
    }
    case 'mfa-off':
      // The backup codes go with it, and the epoch moves (auth/credentials/store.ts disableMfa).
      await credentials.disableMfa(user.id, deps.clock.now(), null);
      return `${address} logs in with a password only`;
    case 'unlock':
      await operatorPeople(deps).act({ via: 'cli' }, user.id, 'unlock', null);
      return `${address} unlocked`;
    case 'operator':
    case 'operator-off': {
      const grant = name === 'operator';
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ is_operator: grant ? 1 : 0 })
          .where('id', '=', user.id)
          .execute();
        await auditLog(trx, deps.clock).record(
          { via: 'cli' },
          { action: grant ? 'operator.grant' : 'operator.revoke', subjectKind: 'user', subjectId: user.id },
        );
      });
      if (!grant) return `${address} is no longer an operator`;
      // The console admits an operator only in a session that passed two-factor.
      return `${address} is an operator${user.mfa_method ? '' : ' (turn two-factor on for the account before it can open /admin/)'}`;
    }
    case 'picture': {
      const [, url] = parsed.data as z.infer<typeof commands.picture>;
      await store.updateUser(user.id, { image_medium_url: url });
      return `${address} has a new picture`;
    }
  }
  throw new Error(ADMIN_USAGE);
}
