import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId, newToken, sha256 } from '../lib/ids.js';
import { mailInvites, takeInviteShares } from '../lib/invites.js';
import { limitsFor } from '../lib/limits.js';
import { oneLine, type Mailer } from '../lib/mail.js';
import { withBrand } from '../lib/rules/brand.js';
import { invitationsStore } from './invitations-store.js';
import { emailIsValid } from './register.js';
import { normaliseEmail } from './session.js';
import { INVITATION_TTL_MS, signupRule, type SignupWay } from './signup-rules.js';

/**
 * SIGNUP_MODE applied (auth/signup-rules.ts): the gate every sign-up passes before an account is
 * written, and the single-use invitations of invite mode. An invitation is for one address: a password
 * sign-up brings its link's secret (the mailbox received it) and must use that address; a provider
 * sign-up is let in when the provider proves an address that has a live invitation. The account's email
 * is unique, so an invitation can make one account at most; it is marked spent when that account is made.
 */
export function signupGate(deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  const store = invitationsStore(db);
  return {
    /**
     * Refuses (throws) a sign-up by `way` for `email` the mode does not let in. `provenEmail`: the
     * provider vouched for the address; `invite`: the secret of a mailed invitation link.
     */
    async admit(way: SignupWay, email: string, opts: { provenEmail: boolean; invite?: string | undefined }) {
      const rule = signupRule(config.signupMode, way, config.signupSsoOpen);
      if (rule === null) return;
      if (rule !== 'invitation') throw new ApiError(rule);
      const address = normaliseEmail(email);
      if (opts.invite) {
        const found = await store.findLive({ tokenHash: sha256(opts.invite) }, clock.now());
        if (!found || found.email !== address) throw new ApiError('signup_invite_invalid');
        return;
      }
      if (opts.provenEmail && address && (await store.findLive({ email: address }, clock.now()))) return;
      throw new ApiError('signup_invite_required');
    },

    /** After the account is written: the invitation to its address is spent (a no-op outside invite mode). */
    async spend(email: string) {
      if (config.signupMode === 'invite') await store.spend(normaliseEmail(email), clock.now());
    },
  };
}

/**
 * Invitations sent (invite mode only): by a logged-in account whose own email is verified, or by the
 * operator's command line (`inviter` null). Counted as every invite by mail is (lib/invites.ts): per
 * inviter, per client address, per recipient. Answers the link, which the command line prints.
 */
export function invitationSender(deps: Deps, mailer: Mailer) {
  const { db, clock, config } = deps;
  const store = invitationsStore(db);
  const limits = limitsFor(deps);
  return {
    async invite(inviter: Viewer | null, rawEmail: string, clientAddress: string | undefined) {
      if (config.signupMode !== 'invite') throw new ApiError('invitations_off');
      if (inviter && !inviter.emailVerified) throw new ApiError('email_unverified');
      const email = normaliseEmail(rawEmail);
      if (!emailIsValid(email)) throw new ApiError('email_invalid');
      if (inviter) await takeInviteShares(limits, inviter.id, clientAddress, [email]);
      const token = newToken();
      const now = clock.now();
      await store.insert({
        id: newId(),
        email,
        token_hash: sha256(token),
        invited_by: inviter?.id ?? null,
        created_at: now,
        expires_at: now + INVITATION_TTL_MS,
        used_at: null,
      });
      const link = `${config.publicOrigin}/signup?invite=${encodeURIComponent(token)}`;
      const who = inviter ? `${oneLine(`${inviter.firstName} ${inviter.lastName}`.trim()) || inviter.username} invited you` : "You're invited";
      // An operator's invitation (the command line) is sent in the operators' name.
      await mailInvites(mailer, 'invite.signup', inviter?.id ?? 'operator', email, [
        {
          to: email,
          subject: withBrand(`${who} to join {brand}`, config.brandName),
          text: withBrand(
            `Hi,\n\n${who} to make an account on {brand}. Sign up with this address (${email}) here:\n\n${link}\n\nThe link works once and for 14 days. If you weren't expecting it, ignore this mail.\n\n{brand}`,
            config.brandName,
          ),
        },
      ]);
      return { email, link };
    },
  };
}
