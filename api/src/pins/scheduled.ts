import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { logFor } from '../core/log.js';
import { partnerOf } from '../media/store.js';
import type { MediaService, UploadAllowance } from '../media/service.js';
import type { NotificationsService } from '../notifications/service.js';
import { accountShown } from '../policy/rules.js';
import { gateOpen, type GateName, type Scenario } from './rules/gates.js';
import { SCHEDULED_PINS_MAX, scheduleTimeOk } from './rules/schedule.js';
import type { GateCheck, PinCreateInput, PinsService } from './service.js';

/** What a scheduled pin keeps: the save's own input as the API parsed it, and the scenario its gates are read in. */
export type ScheduledInput = Omit<PinCreateInput, 'image_base64'> & { scenario: Scenario };

/** Due pins published per pass: a pass is short, the next one takes the rest. */
const PUBLISH_BATCH = 20;
/** How often a worker looks for due pins: a pin is published within this of its time. */
export const SCHEDULED_PUBLISH_EVERY_MS = 30_000;

const scheduledStore = (db: Kysely<Database>) => ({
  count: async (ownerId: string) =>
    Number(
      (
        await db
          .selectFrom('scheduled_pins')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_user_id', '=', ownerId)
          .where('state', '=', 'scheduled')
          .executeTakeFirstOrThrow()
      ).n,
    ),
  insert: (row: Database['scheduled_pins']) => db.insertInto('scheduled_pins').values(row).execute(),
  listOf: (ownerId: string) =>
    db
      .selectFrom('scheduled_pins')
      .leftJoin('boards', 'boards.id', 'scheduled_pins.board_id')
      .select([
        'scheduled_pins.id',
        'scheduled_pins.input',
        'scheduled_pins.publish_at',
        'scheduled_pins.state',
        'scheduled_pins.failure',
        'scheduled_pins.pin_id',
        'scheduled_pins.media_upload_id',
        'boards.name as board_name',
        'boards.id as board_id',
      ])
      .where('scheduled_pins.owner_user_id', '=', ownerId)
      .orderBy('scheduled_pins.publish_at')
      .orderBy('scheduled_pins.id')
      .execute(),
  removeOwn: async (ownerId: string, id: string) =>
    Number(
      (await db.deleteFrom('scheduled_pins').where('id', '=', id).where('owner_user_id', '=', ownerId).where('state', '!=', 'publishing').executeTakeFirst())
        .numDeletedRows,
    ),
  due: (now: number) =>
    db
      .selectFrom('scheduled_pins')
      .selectAll()
      .where('state', '=', 'scheduled')
      .where('publish_at', '<=', now)
      .orderBy('publish_at')
      .limit(PUBLISH_BATCH)
      .execute(),
  /** Takes a due pin for this worker: of two workers, exactly one moves it out of `scheduled`. */
  take: async (id: string) =>
    Number(
      (await db.updateTable('scheduled_pins').set({ state: 'publishing' }).where('id', '=', id).where('state', '=', 'scheduled').executeTakeFirst())
        .numUpdatedRows,
    ) > 0,
  finish: (id: string, done: { state: 'published'; pin_id: string } | { state: 'failed'; failure: string }) =>
    db.updateTable('scheduled_pins').set(done).where('id', '=', id).execute(),
  owner: (userId: string) => db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
});

/** The pin builder's "Publish later": a business's pin kept whole until its time, then saved as the owner would. */
export function scheduledPinsService(
  deps: Deps,
  pins: Pick<PinsService, 'check' | 'create'>,
  media: Pick<MediaService, 'claim'>,
  notifications: Pick<NotificationsService, 'fromService'>,
) {
  const { db, clock, config } = deps;
  const store = scheduledStore(db);
  const log = logFor(deps);

  /** The gates as they stand for an account now, in the scenario the pin was made in (no experiment groups off the request). */
  const gatesOf =
    (isPartner: boolean, scenario: Scenario): GateCheck =>
    async (name: GateName) =>
      gateOpen(name, { viewer: { isAuth: true, isPartner, video_upload_allowed: false }, scenario, groups: new Set() });

  return {
    /** ScheduledPinResource create: every check a save makes, now; then the input is kept and its upload held. */
    async schedule(viewer: Viewer, input: PinCreateInput & { scenario: Scenario; publish_at: number }, allowance: UploadAllowance, gates: GateCheck) {
      if (!(await gates('scheduling'))) throw new ApiError('scheduling_closed');
      const { publish_at, image_base64, ...pin } = input;
      if (!scheduleTimeOk(publish_at, clock.now())) throw new ApiError('schedule_time_invalid');
      // An image in the request itself would be kept as bytes in a row for a month: the builder uploads first.
      if (image_base64) throw new ApiError('schedule_needs_upload');
      const { upload } = await pins.check(viewer, pin, allowance, gates);
      if (upload?.kind === 'video') throw new ApiError('invalid_input', 'media_upload_id: Only image Pins can be scheduled.');
      if ((await store.count(viewer.id)) >= SCHEDULED_PINS_MAX) throw new ApiError('schedule_limit');
      // Claimed now: the sweeper removes uploads no save took within a day, and this one waits longer.
      if (upload) await media.claim(upload.id);
      const id = newId();
      const kept: ScheduledInput = { ...pin, method: 'pinbuilder' };
      await store.insert({
        id,
        owner_user_id: viewer.id,
        board_id: pin.board_id,
        media_upload_id: upload?.id ?? null,
        input: JSON.stringify(kept),
        publish_at,
        state: 'scheduled',
        failure: null,
        pin_id: null,
        created_at: clock.now(),
      });
      return { id, publish_at, state: 'scheduled' as const };
    },

    /** ScheduledPinResource get: the viewer's own scheduled pins, soonest first. */
    async list(viewer: Viewer) {
      const rows = await store.listOf(viewer.id);
      return {
        scheduled_pins: rows.map((row) => {
          const input = JSON.parse(row.input) as ScheduledInput;
          return {
            id: row.id,
            title: input.title,
            description: input.description,
            link: input.link ?? null,
            board: row.board_id ? { id: row.board_id, name: row.board_name ?? '' } : null,
            thumbnail_url: row.media_upload_id ? `${config.publicOrigin}/media/${row.media_upload_id}/236x.jpg` : null,
            publish_at: Number(row.publish_at),
            state: row.state as string,
            failure: row.failure,
            pin_id: row.pin_id,
          };
        }),
      };
    },

    /** ScheduledPinResource delete: cancels one of the viewer's own; anyone else's answers as one that does not exist. */
    async cancel(viewer: Viewer, id: string) {
      if (!(await store.removeOwn(viewer.id, id))) throw new ApiError('scheduled_pin_not_found');
      return { id };
    },

    /**
     * The worker's pass: each due pin published through the same save, its checks made again as the owner
     * stands now (the account shown and still a business, the board still theirs to save to, the upload still
     * theirs). A refusal marks it failed and tells the owner why; the save itself writes all or nothing.
     */
    async publishDue(now: number) {
      let published = 0;
      for (const row of await store.due(now)) {
        if (!(await store.take(row.id))) continue;
        const input = JSON.parse(row.input) as ScheduledInput;
        try {
          const owner = await store.owner(row.owner_user_id);
          if (!owner || !accountShown(owner.state)) throw new ApiError('scheduling_closed');
          const gates = gatesOf(await partnerOf(db, owner.id), input.scenario);
          if (!(await gates('scheduling'))) throw new ApiError('scheduling_closed');
          // The save reads only who the account is; the session fields are no part of a scheduled save.
          const viewer = { id: owner.id, email: owner.email, username: owner.username, firstName: owner.first_name, lastName: owner.last_name } as Viewer;
          const saved = await pins.create(viewer, input, null, { groups: new Set(), videoUploadAllowed: false }, gates);
          await store.finish(row.id, { state: 'published', pin_id: saved.id });
          published++;
        } catch (error) {
          if (!(error instanceof ApiError)) {
            // Not a refusal (a database hiccup): back to waiting, tried again on the next pass.
            await db.updateTable('scheduled_pins').set({ state: 'scheduled' }).where('id', '=', row.id).execute();
            log.warn({ err: error, scheduled_pin: row.id }, 'scheduled pin not published, will retry');
            continue;
          }
          // The refusal's name, not its English words: the popup says it in the owner's language.
          const reason = error.errorName;
          await store.finish(row.id, { state: 'failed', failure: reason });
          await notifications.fromService(db, [{ kind: 'scheduled_pin_failed', recipientId: row.owner_user_id, boardId: null, note: reason }]);
        }
      }
      return published;
    },
  };
}

export type ScheduledPinsService = ReturnType<typeof scheduledPinsService>;
