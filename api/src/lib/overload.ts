import type { Context, MiddlewareHandler } from 'hono';
import { fail } from './envelope.js';
import { ApiError } from './errors.js';
import { hangUpCheck } from './node-request.js';
import { shedRequests } from '../core/metrics.js';

/** Seconds a shed client is asked to wait: the queue drains in well under that. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * How long API work runs before the event loop is given back (to serve built files, parse new requests
 * and answer I/O). A save on SQLite runs to its end without yielding (better-sqlite3 is synchronous), so
 * without slices one poll phase ran every waiting save one after another and pinit.js waited whole rounds.
 */
export const SLICE_MS = 8;

/**
 * The queue's deadline (MAX_QUEUE_WAIT_MS, 500 ms by default): a request that waited that long while at least QUEUE_STANDING_MIN others
 * wait too is shed, so the ones admitted still answer within a second and the rest are told at once
 * (measured before: saves waited 11-28 s). Fewer waiters are never shed for their wait: a handful is a
 * burst, or the loop stalled (a long garbage collection, a machine busy with other processes), and each
 * gets its turn in the next slice.
 */
export const QUEUE_STANDING_MIN = 8;

export interface TurnsOptions {
  /** API requests worked on at once (MAX_IN_FLIGHT): what waits on I/O counts too. */
  maxInFlight: number;
  /** Requests waiting for a turn (MAX_QUEUED); one more is shed at once. */
  maxQueued: number;
  /** Milliseconds a request may wait while many do (MAX_QUEUE_WAIT_MS). */
  maxWaitMs: number;
  sliceMs?: number;
  /** Milliseconds, monotonic; injected by tests. */
  now?: () => number;
}

interface Waiter {
  since: number;
  resolve: (admitted: boolean) => void;
}

/**
 * Turns for API work in one process. A request gets a turn at once when nothing waits, fewer than
 * maxInFlight hold one and the current slice has time left; otherwise it waits, first come first served.
 * A slice opens with the first turn after the loop's check phase and closes in the next one
 * (setImmediate), so between two slices the poll phase always runs. Waiting requests are handed turns one
 * after another as the ones before finish, while the slice lasts. Shed (false): a full queue, or a wait
 * past its deadline (see QUEUE_*); a shed request has read and written nothing.
 */
export function turns({ maxInFlight, maxQueued, maxWaitMs, sliceMs = SLICE_MS, now = () => performance.now() }: TurnsOptions) {
  let inFlight = 0;
  // A ring would save the shifts; a few hundred waiters at most, so an array with a head index will do.
  let queue: Waiter[] = [];
  let head = 0;
  let sliceStart: number | undefined;
  let sweeper: ReturnType<typeof setInterval> | undefined;

  const waiting = () => queue.length - head;

  const closeSlice = () => {
    sliceStart = undefined;
    pump();
  };

  /** True while the current slice has time left; opens one (closed in the check phase) when none is open. */
  const sliceHasRoom = () => {
    if (sliceStart === undefined) {
      sliceStart = now();
      setImmediate(closeSlice);
      return true;
    }
    return now() - sliceStart < sliceMs;
  };

  const expired = (waiter: Waiter, at: number) => waiting() >= QUEUE_STANDING_MIN && at - waiter.since > maxWaitMs;

  const shift = () => {
    const waiter = queue[head++]!;
    // A queue that never empties under steady overload must not keep every waiter it ever had.
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    if (head === queue.length) {
      queue = [];
      head = 0;
      clearInterval(sweeper);
      sweeper = undefined;
    }
    return waiter;
  };

  /** Sheds the waiters whose deadline passed (they are at the front: the queue is in arrival order). */
  const shedExpired = () => {
    const at = now();
    while (waiting() && expired(queue[head]!, at)) shift().resolve(false);
  };

  /**
   * One turn to the first waiter, if there is room. One, not all: its work runs after this returns (a
   * resolved promise), so the next is handed out by its release, when the slice's clock has seen it.
   * Work that waits on I/O leaves the rest to the next slice, one loop turn later.
   */
  const pump = () => {
    shedExpired();
    if (!waiting() || inFlight >= maxInFlight || !sliceHasRoom()) return;
    inFlight++;
    shift().resolve(true);
  };

  return {
    /** true: go now. false: shed. A promise: wait, then go (true) or be shed (false). */
    acquire(): boolean | Promise<boolean> {
      if (!waiting() && inFlight < maxInFlight && sliceHasRoom()) {
        inFlight++;
        return true;
      }
      if (waiting() >= maxQueued) return false;
      // A queue behind turns held across I/O moves only when one is released: the deadline is kept by a sweep.
      sweeper ??= setInterval(shedExpired, Math.min(maxWaitMs / 5, 1000)).unref();
      return new Promise<boolean>((resolve) => queue.push({ since: now(), resolve }));
    },
    release() {
      inFlight--;
      pump();
    },
    /** For tests and figures. */
    stats: () => ({ inFlight, waiting: waiting() }),
  };
}

/**
 * The API's paths take turns (see turns()); past the queue's bound or deadline the request is refused
 * with 503 `overloaded` and Retry-After (header and envelope), before it reads a session or the database:
 * a long queue only made every request wait seconds (measured: saves waited 11-28 s under 200
 * connections). Mounted on the API's paths only; pages, built files and /health never wait for a turn.
 */
export function apiTurns(options: TurnsOptions): MiddlewareHandler {
  const scheduler = turns(options);
  // Made once: a shed answer must cost next to nothing, and an Error's stack is not free.
  const overloaded = new ApiError('overloaded', undefined, { retry_after_seconds: RETRY_AFTER_SECONDS });
  // Counted for the operators (core/metrics.ts): a server that sheds wants more processes or hosts.
  const shed = (c: Context) => (shedRequests.inc(), fail(c, overloaded));
  return async (c, next) => {
    const turn = scheduler.acquire();
    if (turn !== true) {
      const hungUp = hangUpCheck(c);
      if (!turn || !(await turn)) return shed(c);
      // Nobody is waiting for this answer any more: its turn goes to the next.
      if (hungUp()) {
        scheduler.release();
        return shed(c);
      }
    }
    try {
      await next();
    } finally {
      scheduler.release();
    }
  };
}
