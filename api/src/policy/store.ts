import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError, type ErrorName } from '../lib/errors.js';
import { policyReads } from './reads.js';
import {
  boardRule,
  pinRule,
  profileRule,
  promoteRule,
  refusalError,
  sectionRule,
  type Action,
  type BoardFacts,
  type BusinessFacts,
  type ProfileFacts,
  type Relation,
  type Verdict,
} from './rules.js';

/**
 * The facts loader of the object policy: reads what policy/rules.ts decides from (the actor's relation
 * to an object, the object's states, its owner's account state) and answers with the row when the
 * rule allows, or throws the rule's refusal in the envelope. Services call these instead of checking
 * owner ids, memberships or states themselves.
 */

/** Throws the refusal a verdict carries; `missing` is the object's own not-found error. */
export function enforce(verdict: Verdict, missing: ErrorName): void {
  if (verdict.allow) return;
  const { name, detail } = refusalError(verdict, missing);
  throw new ApiError(name, detail);
}

const relationOf = (ownerId: string, actorId: string | null, isMember: boolean): Relation =>
  actorId === null ? 'visitor' : ownerId === actorId ? 'owner' : isMember ? 'collaborator' : 'stranger';

export function policyStore(db: Kysely<Database>) {
  const reads = policyReads(db);

  /** A board with the facts about it and the actor, in one statement (the save reads it). */
  const boardWithFacts = async (actorId: string | null, boardId: string) => {
    // No user has the empty id, so a visitor is a member of nothing.
    const row = await reads.findBoardForMember(boardId, actorId ?? '');
    if (!row) return undefined;
    const facts: BoardFacts = {
      relation: relationOf(row.owner_id, actorId, row.is_member),
      privacy: row.privacy,
      archived: row.archived_at !== null,
      ownerState: row.owner_state,
      hidden: row.hidden !== null,
    };
    return { row, facts };
  };

  /** Membership is read only where it can change the answer (a non-public board, or anything beyond viewing). */
  const membership = async (board: { id: string; owner_id: string; privacy: string }, actorId: string | null, action: Action) =>
    actorId !== null && board.owner_id !== actorId && (board.privacy !== 'public' || action !== 'view') && (await reads.isMember(board.id, actorId));

  const policy = {
    /**
     * A board the actor may `action`, as its row (with is_member and owner_state); `missing` is what a
     * board they may not know of answers (itself, or the pin that led to it).
     */
    async board(actorId: string | null, boardId: string, action: Action, missing: ErrorName = 'board_not_found') {
      const found = await boardWithFacts(actorId, boardId);
      if (!found) throw new ApiError(missing);
      enforce(boardRule(action, found.facts), missing);
      return found.row;
    },

    /** A board by id or URL with its owner's names (its page, the invite notice), when the actor may `action` it. */
    async boardPage(actorId: string | null, key: { id: string } | { username: string; slug: string }, action: Action = 'view') {
      const row = await reads.findBoardWithOwner(key);
      if (!row) throw new ApiError('board_not_found');
      const isMember = await membership(row, actorId, action);
      enforce(
        boardRule(action, {
          relation: relationOf(row.owner_id, actorId, isMember),
          privacy: row.privacy,
          archived: row.archived_at !== null,
          ownerState: row.owner_state,
          hidden: row.hidden !== null,
        }),
        'board_not_found',
      );
      return { ...row, is_member: isMember || row.owner_id === actorId };
    },

    /** Whether the actor may `action` a board, without throwing (lists and widgets answer null instead). */
    async mayBoard(actorId: string | null, boardId: string, action: Action) {
      const found = await boardWithFacts(actorId, boardId);
      return found !== undefined && boardRule(action, found.facts).allow;
    },

    /** A section the actor may `action`, and its board. A section on a board they may not know of answers as that board does. */
    async section(actorId: string | null, sectionId: string, action: Action) {
      const section = await reads.findSection(sectionId);
      if (!section) throw new ApiError('section_not_found');
      const found = await boardWithFacts(actorId, section.board_id);
      if (!found) throw new ApiError('section_not_found');
      enforce(sectionRule(action, found.facts), 'board_not_found');
      return { section, board: found.row };
    },

    /** A pin (as its page shows it) the actor may `action`; anything they may not know of is pin_not_found. */
    async pin(actorId: string | null, pinId: string, action: Action) {
      const row = await reads.findPinDetail(pinId);
      if (!row) throw new ApiError('pin_not_found');
      const isMember = await membership({ id: row.board_id, owner_id: row.board_owner_id, privacy: row.board_privacy }, actorId, action);
      enforce(
        pinRule(action, {
          relation: relationOf(row.board_owner_id, actorId, isMember),
          privacy: row.board_privacy,
          archived: row.board_archived_at !== null,
          ownerState: row.owner_state,
          pinnerState: row.pinner_state,
          pinnedByActor: row.pinner_id === actorId,
          hidden: row.board_hidden !== null,
          pinHidden: row.hidden !== null,
        }),
        'pin_not_found',
      );
      return row;
    },

    /** Whether the actor may `action` a pin, without throwing (widgets answer null instead). */
    async mayPin(actorId: string | null, pinId: string, action: Action) {
      try {
        return await policy.pin(actorId, pinId, action);
      } catch (error) {
        if (error instanceof ApiError) return null;
        throw error;
      }
    },

    /**
     * Several pins the actor may all `action` (bulk moves and deletes): all or none. `to` is the board
     * a move takes them to: a pin staying on its board changes section only. Each board is read once.
     */
    async pins(actorId: string, pinIds: string[], action: Action, to?: string) {
      const rows = pinIds.length
        ? await db
            .selectFrom('pins')
            .innerJoin('users as pinner', 'pinner.id', 'pins.pinner_id')
            .select(['pins.id', 'pins.board_id', 'pins.section_id', 'pins.pinner_id', 'pinner.state as pinner_state'])
            .where('pins.id', 'in', pinIds)
            .execute()
        : [];
      if (rows.length !== new Set(pinIds).size) throw new ApiError('pin_not_found');
      const facts = new Map<string, BoardFacts>();
      for (const boardId of new Set(rows.map((r) => r.board_id))) {
        const found = await boardWithFacts(actorId, boardId);
        if (!found) throw new ApiError('pin_not_found');
        facts.set(boardId, found.facts);
      }
      for (const row of rows) {
        enforce(
          pinRule(action, {
            ...facts.get(row.board_id)!,
            pinnerState: row.pinner_state,
            pinnedByActor: row.pinner_id === actorId,
            withinBoard: to === row.board_id,
          }),
          'pin_not_found',
        );
      }
      return rows;
    },

    /** A profile (by username or id) the actor may `action`; a hidden one answers profile_not_found. */
    async profile(actorId: string | null, key: { username: string } | { id: string }, action: Action) {
      let query = db.selectFrom('users').select(['id', 'username', 'state']);
      query = 'id' in key ? query.where('id', '=', key.id) : query.where('username', '=', key.username);
      const user = await query.executeTakeFirst();
      if (!user) throw new ApiError('profile_not_found');
      const relation: ProfileFacts['relation'] = actorId === null ? 'visitor' : actorId === user.id ? 'self' : 'stranger';
      enforce(profileRule(action, { relation, state: user.state }), 'profile_not_found');
      return user;
    },

    /**
     * Quick promote's pin: the business, as `business` says the actor acts
     * for it, may promote it only if the actor sees it and it is the business's own (saved by its owner
     * account, or by a member acting for it: the pin carries its id).
     */
    async promotablePin(actorId: string, advertiser: { id: string; owner_user_id: string }, business: BusinessFacts, pinId: string) {
      const row = await reads.findPinDetail(pinId);
      if (!row) throw new ApiError('pin_not_found');
      const isMember = await membership({ id: row.board_id, owner_id: row.board_owner_id, privacy: row.board_privacy }, actorId, 'view');
      const pin = {
        relation: relationOf(row.board_owner_id, actorId, isMember),
        privacy: row.board_privacy,
        archived: row.board_archived_at !== null,
        ownerState: row.owner_state,
        pinnerState: row.pinner_state,
        pinnedByActor: row.pinner_id === actorId,
      };
      const ownedByBusiness = row.pinner_id === advertiser.owner_user_id || row.advertiser_id === advertiser.id;
      enforce(promoteRule({ business, pin, ownedByBusiness }), 'pin_not_found');
      return row;
    },
  };
  return policy;
}

export type PolicyStore = ReturnType<typeof policyStore>;
