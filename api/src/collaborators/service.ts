import { emailError } from '../auth/rules.js';
import { policyStore } from '../policy/store.js';
import { boardsStore } from '../boards/store.js';
import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { DEFAULT_BRAND } from '../lib/rules/brand.js';
import { oneLine, type Mail, type Mailer } from '../lib/mail.js';
import { canonicalEmail } from '../lib/messages/recipient.js';
import { collaboratorsStore } from './store.js';
import { orderCollaborators } from './rules.js';
import type { NotificationsService } from '../notifications/service.js';

export { orderCollaborators };
import { mailInvites, takeInviteShares } from '../lib/invites.js';
import { limitsFor } from '../lib/limits.js';
import type { Candidate } from './contract.js';

/** Typeahead answers at most 5 items. */
export const SUGGESTIONS_MAX = 5;

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** Who claims an invite: an email invite trusts the address only once it is verified. */
type Claimant = { id: string; email: string; emailVerified: boolean };

/**
 * The mail an invited email gets: plain text naming the inviter and the board, with the board's
 * link on our public origin. The board's name goes only to the invitee, so a secret board's is fine.
 * The subject is ours alone: a sender's name or board name in a stranger's inbox list
 * would be a line of the sender's choosing under our name; in the body they read as quoted.
 */
export function inviteMail(input: {
  to: string;
  inviter: { username: string; first_name: string; last_name: string };
  board: { name: string; url: string };
  brand?: string;
}): Mail {
  const brand = input.brand ?? DEFAULT_BRAND;
  const fullName = oneLine(`${input.inviter.first_name} ${input.inviter.last_name}`);
  const inviter = fullName || input.inviter.username;
  const board = oneLine(input.board.name);
  return {
    to: input.to,
    subject: `You're invited to collaborate on a board on ${brand}`,
    text:
      `Hi,\n\n${inviter} (${input.inviter.username} on ${brand}) invited you to collaborate on the board “${board}”.\n\n` +
      `See the board here:\n${input.board.url}\n\n` +
      `If you don't know ${inviter}, you can ignore this email.\n\n${brand}`,
  };
}

export function collaboratorsService(deps: Deps, mailer: Mailer, notifications: Pick<NotificationsService, 'notify'>) {
  const { db, clock, config } = deps;
  const store = collaboratorsStore(db);
  const boards = boardsStore(db);
  const policy = policyStore(db);
  const limits = limitsFor(deps);

  /**
   * The invite a viewer may act on: their own user invite, or one mailed to their address once that
   * address is verified. An unverified account holding an invited address is told to
   * confirm it, and sees nothing of the board (its name may be a secret board's).
   */
  const claimable = async (boardId: string, viewer: Claimant) => {
    const held = await store.pendingInvite(boardId, viewer.id, viewer.email);
    if (held === 'email' && !viewer.emailVerified) throw new ApiError('email_unverified');
    return held;
  };

  return {
    /** ShareSuggestionsTypeaheadResource: people by name, or the typed email as an invite candidate. */
    async suggestions(viewerId: string, term: string): Promise<Candidate[]> {
      const trimmed = term.trim();
      if (!trimmed) return [];
      if (trimmed.includes('@')) return [{ type: 'email', id: trimmed, email: trimmed, valid: emailError(trimmed) === null }];
      const users = await store.searchUsers(trimmed, viewerId, SUGGESTIONS_MAX);
      return users.map((u) => ({ type: 'user', id: u.id, username: u.username, full_name: fullName(u), image_medium_url: u.image_medium_url }));
    },

    /**
     * BoardInviteResource create: invites by user id and by email, duplicates removed, the owner only.
     * Each email is a mail, counted against the inviter and the address before anything is written
     * (lib/limits.ts): a call that would go over is refused whole and counts nothing.
     */
    async invite(viewerId: string, input: { boardId: string; userIds: string[]; emails: string[] }, address?: string) {
      const board = await policy.board(viewerId, input.boardId, 'invite');
      const userIds = [...new Set(input.userIds)].filter((id) => id !== viewerId);
      // Only accounts that are shown may be invited: a suspended or deactivated one is not there (policy/rules.ts).
      const known = await store.existingUserIds(userIds);
      if (known.length !== userIds.length) throw new ApiError('invalid_input', 'invited_user_ids: Some of those people do not exist.');
      // Each one mailbox, in its canonical form (lib/messages/recipient.ts): a list, group or display name is refused.
      const bad = input.emails.find((email) => emailError(email) !== null || canonicalEmail(email) === null);
      if (bad !== undefined) throw new ApiError('invalid_input', `emails: ${oneLine(bad)} is not an email address.`);
      const emails = [...new Set(input.emails.map((email) => canonicalEmail(email)!))];
      await takeInviteShares(limits, viewerId, address, emails);
      const added = await store.invite(board.id, viewerId, userIds, emails, clock.now());
      // People invited now are told in the app; an invite they held already is not news.
      await notifications.notify({ kind: 'board_invite', actorId: viewerId, recipientIds: added.userIds, boardId: board.id });
      // Mail only emails new to this board.
      const fresh = added.emails;
      const inviter = fresh.length ? await store.findUser(viewerId) : undefined;
      if (inviter) {
        const url = `${config.publicOrigin}/${inviter.username}/${board.slug}/`;
        await mailInvites(
          mailer,
          'invite.board',
          viewerId,
          board.id,
          fresh.map((to) => inviteMail({ to, inviter, board: { name: board.name, url }, brand: config.brandName })),
        );
      }
      return { board_id: board.id, invited_user_ids: userIds, emails };
    },

    /** BoardInviteResource delete: the owner withdraws an invite, or the invited person declines. */
    async removeInvite(viewerId: string, boardId: string, userId: string) {
      const board = await boards.findBoard(boardId);
      // The invited person may decline an invite to a board they cannot see yet (they were told of it);
      // anyone else meets a board they may not see exactly as one that does not exist, and only the
      // board's owner withdraws someone else's invite (policy/rules.ts boardRule 'invite').
      const declining = board !== undefined && userId === viewerId && (await store.isInvited(board.id, viewerId));
      if (!board) throw new ApiError('board_not_found');
      if (!declining) await policy.board(viewerId, board.id, userId === viewerId ? 'view' : 'invite');
      await store.remove(board.id, userId);
      return { board_id: board.id, invited_user_id: userId };
    },

    /**
     * BoardInviteResource get: the invite the viewer holds on a board named by id or URL, for
     * the notice on the board page the mail links to. A board with no invite for them, and one they may
     * not see, answer as a missing board.
     */
    async pending(viewer: Claimant, key: { id: string } | { username: string; slug: string }) {
      // A suspended or deactivated owner's board, or an archived one, is not there, invite or not (policy/rules.ts 'join').
      const board = await policy.boardPage(viewer.id, key, 'join');
      if (!(await claimable(board.id, viewer))) throw new ApiError('board_not_found');
      return {
        board: { id: board.id, name: board.name, url: `/${board.owner_username}/${board.slug}/`, privacy: board.privacy },
        owner: { username: board.owner_username, full_name: `${board.owner_first_name} ${board.owner_last_name}`.trim() },
      };
    },

    /** BoardInviteResource update: the invited person accepts (a user invite, or an email invite to their address). */
    async accept(viewer: Claimant, boardId: string) {
      // As its notice: not once the owner is suspended or deactivated, nor while the board is archived.
      const board = await policy.board(viewer.id, boardId, 'join');
      if (!(await claimable(board.id, viewer))) throw new ApiError('board_not_found');
      await store.accept(board.id, viewer.id, viewer.email, clock.now());
      // The board's owner (who invited them) hears that they joined.
      await notifications.notify({ kind: 'invite_accepted', actorId: viewer.id, recipientIds: [board.owner_id], boardId: board.id });
      return { board_id: board.id, status: 'accepted' as const };
    },

    /** Declining an invite held by email as well as by user (BoardInviteResource delete for oneself). */
    async decline(viewer: Claimant, boardId: string) {
      const board = await boards.findBoard(boardId);
      if (!board || !(await claimable(board.id, viewer))) throw new ApiError('board_not_found');
      await store.decline(board.id, viewer.id, viewer.email);
      return { board_id: board.id, invited_user_id: viewer.id };
    },

    /**
     * BoardCollaboratorResource delete (when accepted): the owner removes a
     * collaborator, or a collaborator leaves. Anyone else: forbidden on a board they see, not found otherwise.
     */
    async removeCollaborator(viewerId: string, boardId: string, userId: string) {
      // Leaving needs only membership; removing someone else is the owner's (policy/rules.ts boardRule).
      const board = await policy.board(viewerId, boardId, userId === viewerId ? 'save' : 'invite');
      if (userId === board.owner_id) throw new ApiError('invalid_input', 'invited_user_id: The owner cannot leave their own board.');
      if (!(await store.removeAccepted(board.id, userId))) throw new ApiError('not_found', 'That person is not a collaborator on this board.');
      return { board_id: board.id, invited_user_id: userId };
    },

    /**
     * BoardPendingInvitesResource get: the invites a board's owner sent that nobody has taken up yet,
     * to people with an account and to email addresses, so each can be withdrawn. The owner's alone
     * (policy/rules.ts boardRule 'invite'): a collaborator is refused, anyone who cannot see the board
     * meets it as a missing one.
     */
    async pendingInvites(viewerId: string, boardId: string) {
      const board = await policy.board(viewerId, boardId, 'invite');
      const people = (await store.listCollaborators(board.id)).filter((p) => p.status === 'invited');
      const emails = await store.listEmailInvites(board.id);
      return {
        board_id: board.id,
        users: people.map((p) => ({ id: p.id, username: p.username, full_name: fullName(p), image_medium_url: p.image_medium_url })),
        emails: emails.map((e) => ({ email: e.email, created_at: e.created_at })),
      };
    },

    /** BoardPendingInvitesResource delete: the owner withdraws an invite to an account or to an email address. */
    async withdrawInvite(viewerId: string, boardId: string, target: { userId: string } | { email: string }) {
      const board = await policy.board(viewerId, boardId, 'invite');
      if ('email' in target) {
        if (!(await store.removeEmailInvite(board.id, target.email))) throw new ApiError('not_found', 'There is no invite to that address on this board.');
        return { board_id: board.id, email: target.email.toLowerCase() };
      }
      if (!(await store.removeWaitingInvite(board.id, target.userId))) throw new ApiError('not_found', 'That person has no invite waiting on this board.');
      return { board_id: board.id, invited_user_id: target.userId };
    },

    /**
     * BoardCollaboratorsResource get: a board's people, owner first, then the viewer, then by full name. Its members see
     * everyone, pending invites included; anyone who may see the board (a visitor on a public board)
     * sees the accepted collaborators only; a board one may not see answers as one that does not exist.
     */
    async list(viewer: { id: string } | null, boardId: string) {
      const board = await policy.board(viewer?.id ?? null, boardId, 'view');
      const member = board.is_member;
      const people = (await store.listCollaborators(board.id))
        .filter((p) => member || p.status === 'accepted')
        .map((p) => ({ id: p.id, username: p.username, full_name: fullName(p), image_medium_url: p.image_medium_url, status: p.status }));
      return orderCollaborators(people, board.owner_id, viewer?.id ?? null);
    },
  };
}

export type CollaboratorsService = ReturnType<typeof collaboratorsService>;
