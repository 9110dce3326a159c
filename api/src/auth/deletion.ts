import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { addDeltas, type Delta } from '../counts/store.js';
import type { JobHandler, JobsService } from '../jobs/service.js';
import { queueAccountRelease, queueImageRelease } from '../media/release.js';
import { retireAllCredentials } from './credentials/store.js';

/**
 * Deleting an account (its owner's choice, auth/security.ts deleteAccount) in two steps, so that an account
 * of 100,000 pins never holds the server in one statement:
 * 1. at once, in one short transaction: the account is closed for every reader and every way in (its state
 *    `deleting`, which no rule shows or admits: auth/states.ts closes any state it does not know; its email
 *    and username freed; its security epoch moved; its sessions, tokens and linked identities gone), and
 *    its deletion job queued;
 * 2. the job removes its pins and the pins on its boards DELETION_BATCH at a time, each batch one
 *    transaction (the counts it changes and the release of the images it stops naming with it), the
 *    server's other requests served between two; then its boards, then the account row and what hangs on it.
 * A job cut short is taken again and goes on where it stopped: each batch is whole or not at all.
 */
export const ACCOUNT_DELETION_JOB = 'account.delete';
export const DELETING_STATE = 'deleting';
/** Pins removed per transaction. */
export const DELETION_BATCH = 100;

export interface AccountDeletionPayload {
  user_id: string;
}

/** An address no one can have (RFC 2606 .invalid), unique to the row: the real one is free again at once. */
const freedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;
const freedUsername = (userId: string) => `deleted-${userId}`;

/** Step 1: the account closed for everyone, its deletion queued; one transaction. */
export async function startAccountDeletion(db: Kysely<Database>, jobs: Pick<JobsService, 'enqueue'>, userId: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ state: DELETING_STATE, state_reason: null, username: freedUsername(userId) })
      .where('id', '=', userId)
      .execute();
    await retireAllCredentials(trx, userId, freedEmail(userId), now);
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('auth_tokens').where('user_id', '=', userId).execute();
    await jobs.enqueue(trx, ACCOUNT_DELETION_JOB, { user_id: userId } satisfies AccountDeletionPayload);
  });
}

/** Step 2: the job's handler (images/ingest.ts backgroundJobs registers it). */
export function accountDeletionJobs(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  jobs: Pick<JobsService, 'enqueue'>,
  batch = DELETION_BATCH,
): Record<string, JobHandler> {
  /** One batch of the pins the account saved or that sit on its boards; false when none is left. */
  const removePins = async (userId: string) =>
    db.transaction().execute(async (trx) => {
      const pins = await trx
        .selectFrom('pins')
        .innerJoin('boards', 'boards.id', 'pins.board_id')
        .select(['pins.id', 'pins.board_id', 'pins.section_id', 'pins.pinner_id', 'pins.image_id', 'boards.owner_id'])
        .where((eb) => eb.or([eb('pins.pinner_id', '=', userId), eb('boards.owner_id', '=', userId)]))
        .limit(batch)
        .execute();
      if (!pins.length) return false;
      // Its pins on other people's boards leave those boards' counts; others' pins on its boards, their savers'.
      const tally = new Map<string, Delta>();
      const lose = (counter: Delta['counter'], target: string | null) => {
        if (!target) return;
        const key = `${counter}:${target}`;
        const entry = tally.get(key) ?? { counter, target_id: target, delta: 0 };
        entry.delta -= 1;
        tally.set(key, entry);
      };
      for (const pin of pins) {
        if (pin.owner_id !== userId) {
          lose('board_pins', pin.board_id);
          lose('section_pins', pin.section_id);
        }
        if (pin.pinner_id !== userId) lose('user_pins', pin.pinner_id);
      }
      await addDeltas(trx, [...tally.values()]);
      // The images these pins named go when nothing else names them (media/release.ts).
      // So do their carousels' images (the slots go with the pins, by the foreign key).
      const slots = await trx
        .selectFrom('pin_carousel_slots')
        .select('image_id')
        .where(
          'pin_id',
          'in',
          pins.map((p) => p.id),
        )
        .execute();
      const named = [...pins.map((p) => p.image_id), ...slots.map((slot) => slot.image_id)];
      await queueImageRelease(trx, jobs, [...new Set(named.filter((id): id is string => !!id))]);
      await trx
        .deleteFrom('pins')
        .where(
          'id',
          'in',
          pins.map((p) => p.id),
        )
        .execute();
      return true;
    });

  const handler: JobHandler = async ({ user_id: userId }: AccountDeletionPayload) => {
    const user = await db.selectFrom('users').select('state').where('id', '=', userId).executeTakeFirst();
    if (!user) return;
    while (await removePins(userId)) await yieldToRequests();
    await db.transaction().execute(async (trx) => {
      // What is left names no pin: its uploads, avatar, exports and imports.
      await queueAccountRelease(trx, jobs, userId, config.publicOrigin);
      await trx.deleteFrom('counter_deltas').where('counter', '=', 'user_pins').where('target_id', '=', userId).execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
    });
  };
  return { [ACCOUNT_DELETION_JOB]: handler };
}
