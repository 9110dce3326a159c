/**
 * When a business may schedule a pin for (the pin builder's "Publish later"): pure, so the builder offers
 * the same window the API enforces.
 */

/** At least this far ahead: a time that passes while the form is filled in would publish at once, which is "Publish now". */
export const SCHEDULE_MIN_AHEAD_MS = 10 * 60 * 1000;
/** At most this far ahead: a month of planning; an upload and a board held longer than that are mostly forgotten. */
export const SCHEDULE_MAX_AHEAD_MS = 30 * 24 * 60 * 60 * 1000;
/** Waiting pins per account: enough for a month of daily posting thrice over, small enough that no account holds uploads without end. */
export const SCHEDULED_PINS_MAX = 100;

/** Whether `publishAt` (epoch ms) is inside the window from `now`. */
export function scheduleTimeOk(publishAt: number, now: number): boolean {
  return Number.isSafeInteger(publishAt) && publishAt >= now + SCHEDULE_MIN_AHEAD_MS && publishAt <= now + SCHEDULE_MAX_AHEAD_MS;
}
