import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Kysely, Transaction } from 'kysely';
import { addDeltas } from '../counts/store.js';
import type { Database } from '../db/schema.js';
import type { JobHandler } from '../jobs/service.js';
import { perPinner } from './store.js';

/**
 * Deleting a board in two steps, so that a board of 100,000 pins never holds the server in one statement:
 * 1. at once, in one short transaction: the board is archived and secret (so no one but its owner sees it
 *    and nothing is saved to it: policy/rules.ts boardRule), its slug freed for a new board of the same name,
 *    its collaborators and email invites gone, and its deletion job queued;
 * 2. the job removes its pins BOARD_DELETION_BATCH at a time, each batch one transaction with the pin counts
 *    it changes, the server's other requests served between two; then the board and what hangs on it.
 * A job cut short is taken again and goes on where it stopped; a pin saved in between goes with the rest.
 */
export const BOARD_DELETION_JOB = 'board.delete';
/** Pins removed per transaction. */
export const BOARD_DELETION_BATCH = 100;

export interface BoardDeletionPayload {
  board_id: string;
}

type Enqueue = (trx: Transaction<Database>, kind: string, payload: unknown) => Promise<unknown>;

/** Step 1: the board closed for everyone, its deletion queued; one transaction. */
export async function startBoardDeletion(db: Kysely<Database>, enqueue: Enqueue, boardId: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('boards')
      .set((eb) => ({ archived_at: eb.fn.coalesce('archived_at', eb.val(now)), privacy: 'secret', slug: `deleting-${boardId}` }))
      .where('id', '=', boardId)
      .execute();
    await trx.deleteFrom('board_collaborators').where('board_id', '=', boardId).execute();
    await trx.deleteFrom('board_email_invites').where('board_id', '=', boardId).execute();
    await enqueue(trx, BOARD_DELETION_JOB, { board_id: boardId } satisfies BoardDeletionPayload);
  });
}

/** Step 2: the job's handler (images/ingest.ts registers it). */
export function boardDeletionJobs({ db }: { db: Kysely<Database> }, batch = BOARD_DELETION_BATCH): Record<string, JobHandler> {
  /** One batch of the board's pins; false when none is left. */
  const removePins = (boardId: string) =>
    db.transaction().execute(async (trx) => {
      const pins = await trx.selectFrom('pins').select(['id', 'pinner_id']).where('board_id', '=', boardId).limit(batch).execute();
      if (!pins.length) return false;
      await trx
        .deleteFrom('pins')
        .where(
          'id',
          'in',
          pins.map((p) => p.id),
        )
        .execute();
      await addDeltas(trx, perPinner(pins, -1));
      return true;
    });

  const handler: JobHandler = async ({ board_id: boardId }: BoardDeletionPayload) => {
    while (await removePins(boardId)) await yieldToRequests();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('board_sections').where('board_id', '=', boardId).execute();
      await trx.deleteFrom('board_collaborators').where('board_id', '=', boardId).execute();
      await trx.deleteFrom('board_email_invites').where('board_id', '=', boardId).execute();
      await trx.deleteFrom('boards').where('id', '=', boardId).execute();
    });
  };
  return { [BOARD_DELETION_JOB]: handler };
}
