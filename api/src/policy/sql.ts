import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { SHOWN_STATE } from './rules.js';

/**
 * The SQL half of accountShown (policy/rules.ts), for statements that list many objects (a board's
 * feed, a profile's boards, typeahead, followers): the account whose state is at `column` is shown.
 * A module of its own so the stores that list can use it without importing the policy's loader.
 */
export const shownAccount = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: string) =>
  // The column is one of ours (owner.state, pinner.state, users.state), never user input.
  eb(eb.ref(column as never), '=', SHOWN_STATE as never);

/**
 * The SQL half of hiddenShownTo (policy/rules.ts): the object whose `hidden` column is at `column`
 * (pins.hidden, boards.hidden) was not hidden or removed by an operator. Public lists (search, feeds,
 * board pages, RSS) leave such objects out for everyone; the owner sees theirs on its own page.
 */
export const notHidden = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, column: string) =>
  // The column is one of ours, never user input.
  eb(eb.ref(column as never), 'is', null);

/**
 * notHidden, or the viewer is one of the object's owners (`owners`: the columns holding them, e.g.
 * pins.pinner_id and boards.owner_id): a hidden pin or board stays on its owner's own lists, marked, so
 * they may appeal, and is gone from everyone else's (hiddenShownTo's SQL half for lists a member reads).
 */
export const hiddenShownToSql = <DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  column: string,
  owners: string[],
  viewerId: string | null | undefined,
) => (viewerId ? eb.or([notHidden(eb, column), ...owners.map((owner) => eb(eb.ref(owner as never), '=', viewerId as never))]) : notHidden(eb, column));

/**
 * "Hide it from my view": the object at `idColumn` (a pin's or board's id) is not one the reader reported
 * and asked to hide from themselves (reports.hidden_for_reporter). It hides nothing for anyone else.
 */
export const notHiddenByReader = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, readerId: string, objectKind: 'pin' | 'board', idColumn: string) =>
  eb.not(
    eb.exists(
      (eb as unknown as ExpressionBuilder<Database, 'reports'>)
        .selectFrom('reports as rh')
        .select('rh.id')
        .where('rh.reporter_id', '=', readerId)
        .where('rh.object_kind', '=', objectKind)
        .where('rh.hidden_for_reporter', '=', 1)
        // The column is one of ours, never user input.
        .whereRef('rh.object_id', '=', idColumn as never),
    ),
  ) as never;
