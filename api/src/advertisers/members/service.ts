import type { MembersAnswer } from './contract.js';
import type { Deps, Viewer } from '../../deps.js';
import { emailError } from '../../auth/rules.js';
import { normaliseEmail } from '../../auth/session.js';
import { ApiError } from '../../lib/errors.js';
import { newToken, sha256 } from '../../lib/ids.js';
import { mailInvites, takeInviteShares } from '../../lib/invites.js';
import { limitsFor } from '../../lib/limits.js';
import { DEFAULT_BRAND } from '../../lib/rules/brand.js';
import { oneLine, type Mail, type Mailer } from '../../lib/mail.js';
import { canonicalEmail } from '../../lib/messages/recipient.js';
import { memberInviteRule, memberRule, type MemberAction, type MemberFacts } from '../../policy/rules.js';
import { enforce } from '../../policy/store.js';
import type { Actor, AdvertisersService } from '../service.js';
import { advertisersStore } from '../store.js';
import { membersStore } from './store.js';
import { MEMBER_INVITE_PATH, MEMBER_INVITE_TTL_MS, roleOf, type MemberRole } from './rules.js';

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

const parse = (text: string | null): string[] => {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
};

/** The invite mail: plain text naming the business and the inviter; the subject is ours alone (as board invites). */
export function memberInviteMail(input: {
  to: string;
  inviter: { username: string; first_name: string; last_name: string };
  business: string;
  url: string;
  brand?: string;
}): Mail {
  const brand = input.brand ?? DEFAULT_BRAND;
  const inviter = oneLine(fullName(input.inviter)) || input.inviter.username;
  return {
    to: input.to,
    subject: `You're invited to help run a business on ${brand}`,
    text:
      `Hi,\n\n${inviter} (${input.inviter.username} on ${brand}) invited you to act for the business “${oneLine(input.business)}”.\n\n` +
      `Accept the invite here (the link works for 7 days):\n${input.url}\n\n` +
      `If you don't know ${inviter}, you can ignore this email.\n\n${brand}`,
  };
}

/**
 * Business members from the /advertiser/{id}/members/ page: what `npm run admin
 * advertiser-member` did for an operator, done by the business's owner. Who may do what is the object
 * policy's (policy/rules.ts memberRule); this loads its facts and does the writes.
 */
export function membersService(deps: Deps, advertisers: AdvertisersService, mailer: Mailer) {
  const { db, clock, config } = deps;
  const store = membersStore(db);
  const limits = limitsFor(deps);

  /** The business as the actor meets it, refused unless the policy allows `action` on `targetId`. */
  const allowed = async (viewer: Actor, advertiserId: string, action: MemberAction, targetId?: string) => {
    // The session's two-factor, not the account's, decides whether a member may act (h27a's access rule).
    const access = await advertisers.access(viewer, advertiserId);
    const target: MemberFacts['target'] =
      targetId === undefined ? 'none' : targetId === access.advertiser.owner_user_id ? 'owner' : targetId === viewer.id ? 'self' : 'member';
    enforce(memberRule(action, { business: access.business, target }), 'advertiser_not_found');
    return access;
  };

  return {
    /** AdvertiserMembersResource get: the owner and the members, the pending invites, and what the viewer may do. */
    async list(viewer: Actor, advertiserId: string): Promise<MembersAnswer> {
      const viewerId = viewer.id;
      const access = await allowed(viewer, advertiserId, 'view');
      const [owner, rows, invites] = await Promise.all([
        store.user(access.advertiser.owner_user_id),
        store.list(advertiserId),
        store.invites(advertiserId, clock.now()),
      ]);
      const person = (u: { id: string; username: string; first_name: string; last_name: string; image_medium_url: string | null; email: string }) => ({
        user_id: u.id,
        username: u.username,
        full_name: fullName(u),
        image_medium_url: u.image_medium_url,
      });
      const isOwner = access.business.role?.owner === true;
      const manages = isOwner || access.permissions.includes('OWNER');
      return {
        owner: owner ? person(owner) : null,
        members: rows
          .filter((r) => r.id !== access.advertiser.owner_user_id)
          .map((r) => ({ ...person(r), role: roleOf(parse(r.permissions)), is_me: r.id === viewerId })),
        // Addresses are for those who manage: a member sees who acts, not where the owner mailed.
        invites: manages ? invites.map((i) => ({ email: i.email, role: roleOf(parse(i.permissions)), expires_at: i.expires_at })) : [],
        can_manage: manages,
        is_owner: isOwner,
      };
    },

    /** AdvertiserMemberInviteResource create: a mail with a link; the address need not have an account yet. */
    async invite(viewer: Viewer, advertiserId: string, input: { email: string; role: MemberRole }, address: string | undefined) {
      const access = await allowed(viewer, advertiserId, 'invite');
      // One mailbox, in its canonical form (lib/messages/recipient.ts): a list, group or display name is refused.
      const email = emailError(input.email) === null ? canonicalEmail(input.email) : null;
      if (!email) throw new ApiError('invalid_input', `email: ${oneLine(input.email)} is not an email address.`);
      const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (existing && (existing.id === access.advertiser.owner_user_id || (await advertisersStore(db).isMember(advertiserId, existing.id))))
        throw new ApiError('member_already');
      await takeInviteShares(limits, viewer.id, address, [email]);
      const token = newToken();
      const now = clock.now();
      await store.invite({
        token_hash: sha256(token),
        advertiser_id: advertiserId,
        email,
        permissions: JSON.stringify([input.role]),
        invited_by: viewer.id,
        created_at: now,
        expires_at: now + MEMBER_INVITE_TTL_MS,
      });
      await mailInvites(mailer, 'invite.member', viewer.id, advertiserId, [
        memberInviteMail({
          to: email,
          inviter: { username: viewer.username, first_name: viewer.firstName, last_name: viewer.lastName },
          business: access.advertiser.name,
          url: `${config.publicOrigin}${MEMBER_INVITE_PATH}?token=${token}`,
          brand: config.brandName,
        }),
      ]);
      return { email, role: input.role };
    },

    /** AdvertiserMemberInviteResource delete: the owner withdraws an invite. */
    async cancelInvite(viewer: Actor, advertiserId: string, email: string) {
      await allowed(viewer, advertiserId, 'invite');
      await store.cancelInvite(advertiserId, normaliseEmail(email));
      return { email: normaliseEmail(email) };
    },

    /**
     * AdvertiserMemberInviteAcceptResource create: the invited person, logged in with the invited and
     * verified address, joins with the invite's role. The link works once.
     */
    async accept(viewer: Viewer, token: string) {
      const hash = sha256(token);
      const invite = await store.findInvite(hash);
      if (!invite || invite.expires_at <= clock.now()) throw new ApiError('member_invite_invalid');
      if (invite.email !== normaliseEmail(viewer.email)) throw new ApiError('member_invite_other_email');
      if (!viewer.emailVerified) throw new ApiError('email_unverified');
      const advertiser = await advertisersStore(db).find(invite.advertiser_id);
      if (!advertiser) throw new ApiError('member_invite_invalid');
      // Asked again now, not only when it was sent: a suspended owner's business, or a sender since removed,
      // demoted or suspended, admits nobody (policy/rules.ts memberInviteRule).
      const inviter = await store.inviter(advertiser.id, invite.invited_by);
      const inviterRole =
        invite.invited_by === advertiser.owner_user_id
          ? { owner: true as const }
          : inviter?.permissions != null
            ? { owner: false as const, permissions: parse(inviter.permissions) }
            : null;
      enforce(memberInviteRule({ ownerState: advertiser.owner_state, inviterState: inviter?.state ?? '', inviterRole }), 'member_invite_invalid');
      await db.transaction().execute(async (trx) => {
        if (advertiser.owner_user_id !== viewer.id) await advertisersStore(trx).addMember(advertiser.id, viewer.id, parse(invite.permissions));
        // A member acts through the profile changer, which partners see.
        await advertisersStore(trx).markPartner(viewer.id);
        await membersStore(trx).dropInvite(hash);
      });
      return { advertiser_id: advertiser.id, name: advertiser.name };
    },

    /** AdvertiserMemberResource update: a member's role. */
    async setRole(viewer: Actor, advertiserId: string, userId: string, role: MemberRole) {
      await allowed(viewer, advertiserId, 'edit', userId);
      const changed = await db.transaction().execute(async (trx) => {
        const done = await membersStore(trx).setPermissions(advertiserId, userId, [role]);
        // A member who no longer holds OWNER may no longer invite: what they sent dies too.
        if (role !== 'OWNER') await membersStore(trx).dropInvitesBy(advertiserId, userId);
        return done;
      });
      if (Number(changed.numUpdatedRows) === 0) throw new ApiError('member_not_found');
      return { user_id: userId, role };
    },

    /** AdvertiserMemberResource delete: the owner removes a member, or a member leaves. */
    async remove(viewer: Actor, advertiserId: string, userId: string) {
      await allowed(viewer, advertiserId, 'delete', userId);
      // The invites a member sent die with their place, in the same transaction (policy/rules.ts memberInviteRule asks again at acceptance).
      const removed = await db.transaction().execute(async (trx) => {
        const gone = await membersStore(trx).remove(advertiserId, userId);
        if (Number(gone.numDeletedRows) > 0) await membersStore(trx).dropInvitesBy(advertiserId, userId);
        return gone;
      });
      if (Number(removed.numDeletedRows) === 0) throw new ApiError('member_not_found');
      return { user_id: userId, removed: true };
    },

    /**
     * AdvertiserOwnerResource update: the owner hands the business to a member, and stays on as a
     * member with ADMIN (so acting for it from then on asks for two-factor, as for any member).
     */
    async transfer(viewer: Actor, advertiserId: string, userId: string) {
      const viewerId = viewer.id;
      await allowed(viewer, advertiserId, 'transfer', userId);
      if (!(await advertisersStore(db).isMember(advertiserId, userId))) throw new ApiError('transfer_needs_member');
      await db.transaction().execute(async (trx) => {
        const tx = membersStore(trx);
        await tx.setOwner(advertiserId, userId);
        await tx.remove(advertiserId, userId);
        await advertisersStore(trx).addMember(advertiserId, viewerId, ['ADMIN']);
        await advertisersStore(trx).markPartner(userId);
      });
      return { advertiser_id: advertiserId, owner_user_id: userId };
    },
  };
}

export type MembersService = ReturnType<typeof membersService>;
