import type { Privacy } from '../db/schema.js';
import type { ErrorName } from '../lib/errors.js';

/**
 * The one object policy (design item 2): who may view, edit, move, delete, invite and
 * promote pins, boards, sections, profiles and campaigns. Pure: it decides from facts (the actor's
 * relation to the object, the object's states, the business role and MFA) that policy/store.ts loads.
 * Services ask here and keep no copy of these rules; the table test (rules.test.ts) reads as the spec.
 *
 * Every refusal is one of three answers:
 * - `missing`: the object answers exactly as one that does not exist (its own not-found error, no
 *   detail), so a refusal never confirms it is there: someone else's secret board, any archived one,
 *   anything a suspended or deactivated account owns;
 * - `forbidden`: the actor may see it but not do this (403, with a reason);
 * - `mfa`: a business member must pass two-factor first.
 */

/**
 * What an actor does. `save`: put pins (and sections) on a board; `label`: mark a pin a paid
 * partnership (the creator card), its creator's alone; `join`: take up an invite to a board
 * (that an invite is held is the invite's own fact, collaborators/service.ts).
 */
export type Action = 'view' | 'save' | 'edit' | 'move' | 'delete' | 'invite' | 'promote' | 'follow' | 'label' | 'join';

/**
 * The actor's relation to an object's owner. A follower of the owner is listed apart so the table
 * says it out loud: following someone grants nothing on their boards beyond what a stranger has.
 */
export type Relation = 'owner' | 'collaborator' | 'follower' | 'stranger' | 'visitor';

export type Verdict =
  | { allow: true }
  | { allow: false; answer: 'missing' }
  /** `error` when the refusal has a code of its own; `forbidden` otherwise. */
  | { allow: false; answer: 'forbidden'; detail: string; error?: ErrorName }
  | { allow: false; answer: 'mfa' };

const ALLOW: Verdict = { allow: true };
const MISSING: Verdict = { allow: false, answer: 'missing' };
const MFA: Verdict = { allow: false, answer: 'mfa' };
const forbid = (detail: string): Verdict => ({ allow: false, answer: 'forbidden', detail });

/** The one account state that is live, for the statements that filter lists in SQL (policy/store.ts). */
export const SHOWN_STATE = 'active';

/**
 * Whether an account's profile and everything it owns (boards, their feeds and pins, the pins it
 * saved, widgets) is shown to anyone, and whether others may reach it (typeahead, invites, follows).
 * The session rule asks the same question (auth/states.ts mayHoldSession), so a suspended or
 * deactivated account vanishes exactly when it can no longer log in. Only `active` is live: any other
 * state, one this code does not know included, is closed.
 */
export const accountShown = (state: string) => state === SHOWN_STATE;

/** The permission on a business access profile that marks ownership (ADMIN and the others do not). */
export const OWNER = 'OWNER';

/** The acting profile is usable only if the viewer meets the MFA requirement or holds OWNER. */
export function canActAs(permissions: readonly string[], viewerMeetsMfa: boolean): boolean {
  return viewerMeetsMfa || permissions.includes(OWNER);
}

/** What the policy needs to know about a board and the actor. */
export interface BoardFacts {
  relation: Relation;
  privacy: Privacy;
  archived: boolean;
  /** The board owner's account state. */
  ownerState: string;
  /** An operator hid or removed the board (reports): gone for everyone but its owner, who is told why. */
  hidden?: boolean;
}

/**
 * Whether an object an operator hid or removed is shown to this viewer: only to its owner (who sees it
 * marked with the reason and may appeal). The one rule; lists use its SQL half, policy/sql.ts notHidden.
 */
export const hiddenShownTo = (hidden: boolean | undefined, isOwner: boolean) => !hidden || isOwner;

/**
 * Boards. Hidden (missing) from everyone: a suspended or deactivated owner's, an archived one (but to
 * its owner), and a secret or protected one from anyone but its members and those taking up an invite to it. Members (owner, collaborators)
 * save pins to it and keep its sections; only the owner edits (its settings: name, description,
 * privacy, cover, archiving), deletes it or invites people to it. Anyone else logged in who sees it may
 * follow it. An archived board is its owner's alone to see, change back (unarchive) or
 * delete; nothing is saved to it until then. A board is not promoted (a pin is).
 */
export function boardRule(action: Action, f: BoardFacts): Verdict {
  if (!accountShown(f.ownerState)) return MISSING;
  if (!hiddenShownTo(f.hidden, f.relation === 'owner')) return MISSING;
  if (f.archived) {
    if (f.relation !== 'owner') return MISSING;
    if (action === 'view' || action === 'edit' || action === 'delete') return ALLOW;
    return { allow: false, answer: 'forbidden', detail: 'This board is archived. Unarchive it first.', error: 'board_archived' };
  }
  const member = f.relation === 'owner' || f.relation === 'collaborator';
  // An invite is taken up (or its notice read) by someone not yet a member, secret board or not: while the
  // owner is shown and the board is not archived (both above), never after.
  if (action === 'join') return f.relation === 'visitor' ? forbid('Log in first.') : f.relation === 'owner' ? forbid('This is your own board.') : ALLOW;
  if (f.privacy !== 'public' && !member) return MISSING;
  if (action === 'view') return ALLOW;
  // Following a board: anyone logged in who sees it, but not its owner (its pins are theirs already).
  if (action === 'follow') {
    if (f.relation === 'visitor') return forbid('Log in first.');
    return f.relation === 'owner' ? { allow: false, answer: 'forbidden', detail: 'You can’t follow your own board.', error: 'follow_own_board' } : ALLOW;
  }
  if (!member) return forbid('You can only save to your own boards and boards you collaborate on.');
  switch (action) {
    case 'save':
    case 'move':
      return ALLOW;
    case 'edit':
      return f.relation === 'owner' ? ALLOW : forbid('Only the board’s owner can edit it.');
    case 'delete':
      return f.relation === 'owner' ? ALLOW : forbid('Only the board’s owner can delete it.');
    case 'invite':
      return f.relation === 'owner' ? ALLOW : forbid('Only the board’s owner can invite collaborators.');
    default:
      return forbid('That is not something a board allows.');
  }
}

/**
 * Sections live by their board's rule: seen with it; made, renamed, deleted and filled by any of its
 * members, as saving to the board is.
 */
export function sectionRule(action: Action, f: BoardFacts): Verdict {
  if (action === 'view') return boardRule('view', f);
  if (action === 'edit' || action === 'delete' || action === 'move' || action === 'save') return boardRule('save', f);
  const seen = boardRule('view', f);
  return seen.allow ? forbid('That is not something a section allows.') : seen;
}

export interface PinFacts extends BoardFacts {
  /** The actor saved this pin. */
  pinnedByActor: boolean;
  /** The pinner's account state: a suspended pinner's pins vanish with their profile. */
  pinnerState: string;
  /**
   * For `move`: the pin stays on its board (a section change). Moving it to another board takes it
   * away from the board's owner, so it needs what deleting it needs.
   */
  withinBoard?: boolean;
  /** An operator hid or removed the pin: gone for everyone but its pinner and its board's owner. */
  pinHidden?: boolean;
}

/**
 * Pins. A pin is seen exactly when its board is and its pinner's account is shown. Its pinner or its
 * board's owner (still a member) edits or deletes it. Any member moves pins between the board's
 * sections; moving one to another board is taking it off this one, so only who may delete it may
 * (a collaborator cannot carry the owner's pins off to a board of their own).
 */
export function pinRule(action: Action, f: PinFacts): Verdict {
  if (!accountShown(f.pinnerState)) return MISSING;
  if (!hiddenShownTo(f.pinHidden, f.pinnedByActor || f.relation === 'owner')) return MISSING;
  const board = boardRule(action === 'view' ? 'view' : 'save', f);
  if (!board.allow) return board;
  if (action === 'view') return ALLOW;
  const mine = f.pinnedByActor || f.relation === 'owner';
  switch (action) {
    case 'edit':
    case 'delete':
      return mine ? ALLOW : forbid('Only the person who saved this Pin, or the board’s owner, can change it.');
    case 'move':
      return f.withinBoard || mine ? ALLOW : forbid('Only the person who saved this Pin, or the board’s owner, can move it to another board.');
    case 'label':
      return f.pinnedByActor ? ALLOW : forbid('Only the Pin’s creator labels a paid partnership.');
    default:
      return forbid('That is not something a Pin allows.');
  }
}

export interface ProfileFacts {
  /** self: the actor's own profile; follower: the actor follows it. */
  relation: 'self' | 'follower' | 'stranger' | 'visitor';
  state: string;
}

/**
 * Profiles. A suspended or deactivated account's profile answers as missing to everyone, and no one
 * reaches it: it is not followed, suggested or invited. Only its owner edits it. Following oneself
 * is a mistake of its own (follow_self), not a refusal.
 */
export function profileRule(action: Action, f: ProfileFacts): Verdict {
  if (!accountShown(f.state)) return MISSING;
  switch (action) {
    case 'view':
      return ALLOW;
    case 'follow':
    case 'invite':
      return f.relation === 'visitor' ? forbid('Log in first.') : ALLOW;
    case 'edit':
    case 'delete':
      return f.relation === 'self' ? ALLOW : forbid('Only the account’s owner can change it.');
    default:
      return forbid('That is not something a profile allows.');
  }
}

/**
 * The actor's role in a business: its owner; a member with the
 * permissions listed on their access profile (OWNER marks ownership, ADMIN and the others do not);
 * null for anyone else.
 */
export interface BusinessFacts {
  role: { owner: true } | { owner: false; permissions: readonly string[] } | null;
  /** This session passed two-factor since it was turned on for the account (sessionPassedMfa). */
  mfa: boolean;
  /**
   * The business owner's account state: a suspended or deactivated owner's business is not there for
   * anyone (its members read nothing of it, its invites admit nobody), as with everything else they own.
   */
  ownerState: string;
}

/**
 * The OWNER-or-MFA rule reads the session; BusinessFacts.mfa is its answer: two-factor is on for the
 * account and this session passed it since it was last turned on. A session that began before
 * two-factor was turned on (or passed an earlier one, since turned off) must pass it first.
 */
export function sessionPassedMfa(account: { mfaMethod: string | null; mfaEnabledAt: number | null }, sessionMfaAt: number | null): boolean {
  if (!account.mfaMethod || sessionMfaAt === null) return false;
  return account.mfaEnabledAt === null || sessionMfaAt >= account.mfaEnabledAt;
}

/**
 * Campaigns and everything else done while acting for a business: the owner
 * may; a member only with OWNER permission or two-factor met; anyone else meets the advertiser as
 * missing, so a stranger cannot tell it exists.
 */
export function campaignRule(action: Action, f: BusinessFacts): Verdict {
  if (!f.role || !accountShown(f.ownerState)) return MISSING;
  if (!f.role.owner && !canActAs(f.role.permissions, f.mfa)) return MFA;
  return action === 'follow' || action === 'invite' || action === 'move' ? forbid('That is not something a campaign allows.') : ALLOW;
}

/** Whether the business holds OWNER on the profile it acts for (its owner, or a member with OWNER). */
export const holdsOwner = (f: BusinessFacts) => f.role !== null && (f.role.owner || f.role.permissions.includes(OWNER));

/**
 * What is done to a business's members: see the list, invite by email, change a member's
 * role, remove a member, hand the business over.
 */
export type MemberAction = 'view' | 'invite' | 'edit' | 'delete' | 'transfer';

export interface MemberFacts {
  business: BusinessFacts;
  /** Whom the action is about: the business's owner, the actor, another member; none for view and invite. */
  target: 'owner' | 'self' | 'member' | 'none';
}

/**
 * Business members: whoever may act for the business (campaignRule) sees its members; the
 * owner, and a member holding OWNER, invite, change roles and remove; only the owner hands the business
 * over, and only to a member. The owner's own place is never changed or removed here (transfer it first);
 * any member may leave.
 */
export function memberRule(action: MemberAction, f: MemberFacts): Verdict {
  const acting = campaignRule('view', f.business);
  if (!acting.allow) return acting;
  if (action === 'view') return ALLOW;
  if (action === 'delete' && f.target === 'self' && f.business.role?.owner !== true) return ALLOW;
  const ownerOnly: Verdict = { allow: false, answer: 'forbidden', detail: "Only the business's owner can manage its members.", error: 'members_owner_only' };
  if (action === 'transfer') {
    if (f.business.role?.owner !== true) return ownerOnly;
    return f.target === 'member'
      ? ALLOW
      : { allow: false, answer: 'forbidden', detail: 'Ownership can go only to a member of this business.', error: 'transfer_needs_member' };
  }
  if (!holdsOwner(f.business)) return ownerOnly;
  if (f.target === 'owner' || (f.target === 'self' && f.business.role?.owner === true))
    return { allow: false, answer: 'forbidden', detail: "The owner's role can't be changed or removed.", error: 'member_is_owner' };
  return ALLOW;
}

/** What a business member invite is checked against when it is taken up, not when it was sent. */
export interface MemberInviteFacts {
  /** The business owner's account state now. */
  ownerState: string;
  /** The inviter's account state now. */
  inviterState: string;
  /** The inviter's place in the business now: its owner, a member with these permissions, or null (removed). */
  inviterRole: BusinessFacts['role'];
}

/**
 * A business member invite admits its holder only while it could still be sent: the business is shown
 * (its owner neither suspended nor deactivated) and its inviter still may invite (memberRule 'invite':
 * the owner, or a member still holding OWNER) and is shown. A removed or demoted member's invite, or a
 * suspended inviter's, admits nobody; it answers as an invite that is no longer there.
 */
export function memberInviteRule(f: MemberInviteFacts): Verdict {
  if (!accountShown(f.inviterState)) return MISSING;
  // Two-factor is the invitee's session's question, not the inviter's: an inviter's OWNER role needs none.
  const inviter = memberRule('invite', { business: { role: f.inviterRole, mfa: false, ownerState: f.ownerState }, target: 'none' });
  return inviter.allow ? ALLOW : MISSING;
}

export interface PromoteFacts {
  business: BusinessFacts;
  pin: PinFacts;
  /**
   * The pin is the business's own: saved by the business's owner account, or by a member acting for
   * it (the pin carries the advertiser's id).
   */
  ownedByBusiness: boolean;
}

/**
 * Quick promote of a pin: the actor may act for the business
 * (campaignRule), sees the pin, and the pin is the business's own. A stranger's pin is refused: a
 * business would otherwise put "Promoted by …" on someone else's work.
 */
export function promoteRule(f: PromoteFacts): Verdict {
  const acting = campaignRule('promote', f.business);
  if (!acting.allow) return acting;
  const seen = pinRule('view', f.pin);
  if (!seen.allow) return seen;
  return f.ownedByBusiness ? ALLOW : { allow: false, answer: 'forbidden', detail: 'A business can promote only its own Pins.', error: 'promote_pin_not_owned' };
}

/**
 * What a notification is about, as its reader stands now: the board it names and the pin it links to,
 * each with the reader's relation to it today (not when the notice was written); `invitePending`: the
 * notice is an invite to that board the reader still holds.
 */
export interface NoticeFacts {
  board: BoardFacts | null;
  invitePending: boolean;
  pin: PinFacts | null;
}

/**
 * A notification shows only what its reader may still see: its board when they may view it (or still
 * hold the invite it announces and may take it up: boardRule 'join'), its pin when they may view it.
 * A board or pin gone from them since (removed as a collaborator, an invite withdrawn, made secret,
 * archived, its owner suspended) is left out of the notice; the notice stays, naming neither.
 */
export function noticeRule(f: NoticeFacts): { board: boolean; pin: boolean } {
  const board = f.board !== null && (boardRule('view', f.board).allow || (f.invitePending && boardRule('join', f.board).allow));
  return { board, pin: f.pin !== null && pinRule('view', f.pin).allow };
}

/** The error a refusal answers with: `missing` as the object's own not-found. */
export function refusalError(verdict: Exclude<Verdict, { allow: true }>, missing: ErrorName): { name: ErrorName; detail?: string } {
  if (verdict.answer === 'missing') return { name: missing };
  if (verdict.answer === 'mfa') return { name: 'profile_needs_mfa' };
  return verdict.error ? { name: verdict.error } : { name: 'forbidden', detail: verdict.detail };
}
