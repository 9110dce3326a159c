import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Deps } from '../deps.js';
import type { Kysely } from 'kysely';
import { driverOf } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { ApiError, type ErrorName } from './errors.js';
import { sha256 } from './ids.js';
import { rateLimitRefusals } from '../core/metrics.js';
import { currentRequest } from '../core/request-context.js';
import { redisAnswering, type Redis } from './redis.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every per-client limit, in one place (security issue, item 8). `points` is what one key may use in
 * a fixed window of `durationS` seconds starting at its first use; past it the route answers 429 with
 * `error` and Retry-After (the seconds left in the window). Numbers, and why a real person never meets
 * them, are in docs/decisions.md, "Security: per-client limits". Keys: a client address (by
 * lib/client-address.ts addressKey) or an account.
 */
export const LIMITS = {
  /**
   * Log-in attempts that did not log in, per address (wrong passwords, unknown emails, wrong codes,
   * attempts refused for want of a challenge), over every email. The per-email lockout (auth/lockout.ts)
   * stays; this one catches one client trying many emails.
   */
  loginAddress: { points: 50, durationS: 30 * MINUTE, error: 'login_address_limited' },
  /** Sign-up attempts per address. */
  signupAddress: { points: 20, durationS: HOUR, error: 'signup_limited' },
  /** GET /v3/register/exists/ and /v3/email/validation/ together, per address: one sign-up makes about four. */
  emailCheckAddress: { points: 120, durationS: HOUR, error: 'email_check_limited' },
  /** Forgot-password requests per address, whatever they name. */
  resetAddress: { points: 20, durationS: HOUR, error: 'reset_limited' },
  /** Forgot-password requests per email or username asked for, whether or not it has an account. */
  resetTarget: { points: 10, durationS: HOUR, error: 'reset_limited' },
  /** Invite mails (emails invited, not calls) per inviting account. */
  inviteAccount: { points: 200, durationS: DAY, error: 'invite_limited' },
  /** Invite mails per address, over every account using it. */
  inviteAddress: { points: 500, durationS: DAY, error: 'invite_limited' },
  /** Pins sent by email (the Send) per sending account, and per address over every account. */
  shareAccount: { points: 50, durationS: DAY, error: 'share_limited' },
  shareAddress: { points: 200, durationS: DAY, error: 'share_limited' },
  /** Pins sent by email to one recipient over every sender: accounts cannot flood a stranger's inbox. Keyed by accountKey. */
  shareRecipient: { points: 20, durationS: DAY, error: 'share_recipient_limited' },
  /**
   * Offsite checks of a link that is not a pin's own (GET /v3/offsite/?url=), per address: each makes
   * this server fetch a public URL, so one client may not point it at the web at will. A person follows
   * far fewer outbound links an hour; a pin's own link is not counted.
   */
  offsiteCheckAddress: { points: 120, durationS: HOUR, error: 'offsite_check_limited' },
  // Abuse: what a visitor can make the server fetch, bill or count (lib/outbound-limits.ts).
  /** Pages read by the image finder (FindPinImagesResource, open to visitors), per address. */
  findImagesAddress: { points: 300, durationS: HOUR, error: 'outbound_limited' },
  /** Images downloaded by URL (PUT /v3/pins/image/), per address. */
  imageUrlAddress: { points: 200, durationS: HOUR, error: 'outbound_limited' },
  /** A pin's own link checked (GET /v3/offsite/?pin_id=) or followed (GET /offsite/), per address: anyone can put any link on a pin of their own. */
  offsitePinAddress: { points: 600, durationS: HOUR, error: 'offsite_check_limited' },
  /** Website proofs read (a person's official domain, UserDomainClaimResource update), per address: a claim takes one or two tries. */
  siteProofAddress: { points: 30, durationS: HOUR, error: 'outbound_limited' },
  /**
   * Fetches of one site (its registrable name, so random subdomains are one site), over every client and
   * every route above: this server is not made a tool to flood someone else's. About one a second, sustained.
   */
  outboundSite: { points: 600, durationS: 10 * MINUTE, error: 'outbound_site_limited' },
  /**
   * Impressions, and clicks, of one pin counted from one address a day, over every account there (one
   * per viewer a day is the database's rule): an office behind one address counts, a farm of accounts does not.
   */
  adEventsAddress: { points: 20, durationS: DAY, error: 'ad_events_limited' },
  // Identity: mails a caller can make us send to someone else.
  /** Invite mails to one address over every sender (as shareRecipient): accounts cannot flood a stranger's inbox. Keyed by accountKey. */
  inviteRecipient: { points: 10, durationS: DAY, error: 'invite_recipient_limited' },
  /** Confirmation mails asked for again (the settings' resend), per client address over every account. */
  verifyResendAddress: { points: 30, durationS: HOUR, error: 'verify_limited' },
  // Security settings. Wrong passwords and wrong two-factor codes given to the settings (turning
  // two-factor on or off, a step-up for a business, password and email change, deactivation, deletion),
  // per account over every session: 10 wrong in 15 minutes, so 10,000 guesses take over ten days.
  securityAccount: { points: 10, durationS: 15 * MINUTE, error: 'security_attempts_limited' },
  /** Set-up codes texted to a phone being added, per account (the log-in's own limits are per phone). */
  mfaSetupAccount: { points: 5, durationS: HOUR, error: 'mfa_send_limited' },
  /**
   * Reports (pins, boards, profiles) per reporting account and per client address over every account and
   * visitor there. One report per reporter per object is the table's rule; these cap a script walking many
   * objects. A person reports a handful a day at most.
   */
  reportAccount: { points: 30, durationS: DAY, error: 'report_limited' },
  reportAddress: { points: 60, durationS: DAY, error: 'report_limited' },
  /**
   * Image edits in the pin builder per account: each decodes and re-encodes a whole image. A person tries
   * a few rotations and crops per Pin; 120 an hour is dozens of Pins, and caps a script's use of the CPU.
   */
  imageEditAccount: { points: 120, durationS: HOUR, error: 'image_edit_limited' },
} as const satisfies Record<string, { points: number; durationS: number; error: ErrorName }>;

export type LimitName = keyof typeof LIMITS;

/**
 * The message gate's limits (lib/messages/gate.ts): per recipient (its canonical address or E.164 number,
 * or its account for the app's own notifications) and per sender account, over every route and job that
 * sends. They are not a client's limits: no route declares them (they are a table of their own, taken only
 * by `tryTake`), and a refusal never answers the request that asked: the message is dropped and logged.
 * Numbers and why a real person never meets them: docs/decisions/abuse.md, "Messages".
 */
export const MESSAGE_LIMITS = {
  /** Mails to one address that someone other than its account caused: confirmation links, resets, invites, Pins sent. */
  mailRecipient: { points: 30, durationS: DAY },
  /** An account's own notices (security notices) to its verified address: a separate share, so resets asked by a stranger cannot use it up. */
  noticeRecipient: { points: 20, durationS: DAY },
  /** Texts to one phone number (E.164), every account over. */
  smsRecipient: { points: 10, durationS: DAY },
  /** Mails one account makes us send to other people (invites, Pins by email, invitations). */
  mailSender: { points: 200, durationS: DAY },
  /** Notifications in the app to one account, over every actor. */
  appRecipient: { points: 500, durationS: DAY },
  /** Notifications in the app one account's actions make for others. */
  appSender: { points: 1000, durationS: DAY },
  /** One message of one kind to one recipient (from one sender, about one thing) per window: repeats within it are folded. */
  messageFold: { points: 1, durationS: HOUR },
} as const satisfies Record<string, { points: number; durationS: number }>;

export type MessageLimitName = keyof typeof MESSAGE_LIMITS;

/** Failed log-ins from one address after which every log-in from it must carry a solved challenge. */
export const LOGIN_ADDRESS_CHALLENGE_AFTER = 20;

/** The table of migration 0008; keys in Redis are "{name}:{key}" under the client's own prefix. */
export const LIMITS_TABLE = 'rate_limits';

export interface Usage {
  /** Points used in the current window. */
  used: number;
  /** The share after RATE_LIMIT_SCALE. */
  points: number;
  /** Seconds until the window ends (0 when nothing is counted). */
  retryAfterS: number;
}

export interface Limits {
  /** What `key` used of `name`; counts nothing. */
  usage(name: LimitName, key: string): Promise<Usage>;
  /** Refuses (429) when `key` has used its share of `name`; counts nothing. */
  check(name: LimitName, key: string): Promise<void>;
  /** Counts `n`, or refuses (429) counting nothing when `n` more would go over the share. */
  take(name: LimitName, key: string, n?: number): Promise<void>;
  /** Counts `n` whatever the usage (an attempt that was already refused for another reason). */
  count(name: LimitName, key: string, n?: number): Promise<void>;
  /** Gives back `n` taken (a call refused by a second limit after the first counted it). */
  refund(name: LimitName, key: string, n: number): Promise<void>;
  /**
   * A message gate limit (MESSAGE_LIMITS): counts `n` and answers true, or answers false counting nothing
   * when `n` more would go over. Open to every request whatever its declaration: these are not its limits.
   */
  tryTake(name: MessageLimitName, key: string, n?: number): Promise<boolean>;
  /** Gives back `n` taken of a message gate limit (a message that was not delivered after all). */
  giveBack(name: MessageLimitName, key: string, n: number): Promise<void>;
  /** The share of one limit after RATE_LIMIT_SCALE (also for LOGIN_ADDRESS_CHALLENGE_AFTER). */
  scaled(points: number): number;
}

/** The 429 of a limit: its catalogue entry, Retry-After (lib/envelope.ts sends the header) and the seconds in data. */
export function limitedError(name: LimitName, retryAfterS: number): ApiError {
  // Every refusal is made here: counted for the operators (core/metrics.ts), by limit.
  rateLimitRefusals.inc({ limit: name });
  const seconds = Math.max(1, Math.ceil(retryAfterS));
  return new ApiError(LIMITS[name].error, undefined, { retry_after_seconds: seconds });
}

/** An account (or any personal identifier) as a key: hashed, so the table holds no emails. */
export const accountKey = (value: string) => sha256(`account:${value.trim().toLowerCase()}`).slice(0, 32);

/** How often the worker sweeps, and how long past its window a counter is kept (as the library did). */
export const LIMITS_SWEEP_EVERY_MS = 5 * 60 * 1000;
export const LIMITS_KEEP_EXPIRED_MS = 60 * 60 * 1000;

/** Deletes the database's rate-limit counters that expired over an hour ago (no-op with Redis, which expires its own). */
export async function sweepExpiredLimits(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('expire', '<', now - LIMITS_KEEP_EXPIRED_MS)
    .execute();
}

/**
 * A Redis limiter that keeps holding while Redis is away. Its insurance limiter (rate-limiter-flexible's
 * own fallback, a RateLimiterMemory in this process) counts when a command fails; this process also keeps,
 * in that memory, the last count Redis gave it for each key, so an address already at its limit is still at
 * it during the outage rather than starting from zero. While the watch says Redis does not answer
 * (lib/redis.ts), the memory is asked directly (no request waits for a command's timeout). When Redis
 * answers again with a count below the one this process knew (it lost its data, or the outage's attempts
 * were counted here), the difference is added to Redis: the higher count holds, across the outage.
 */
function shadowedRedisLimiter(redis: Redis, base: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract {
  const memory = new RateLimiterMemory(base);
  const shared = new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: memory });
  const known = async (key: string) => (await memory.get(key))?.consumedPoints ?? 0;
  // Rounded down, so the copy ends no later than Redis's window; the last second of a window is not copied.
  const mirror = async (key: string, res: RateLimiterRes) => {
    const seconds = Math.floor(res.msBeforeNext / 1000);
    if (res.consumedPoints <= 0) await memory.delete(key);
    else if (seconds >= 1) await memory.set(key, res.consumedPoints, seconds);
  };
  /** The higher of Redis's count and this process's, in both; the answer as the higher count reads. */
  const reconcile = async (key: string, res: RateLimiterRes, expected: number): Promise<RateLimiterRes> => {
    const missing = expected - res.consumedPoints;
    if (missing > 0 && redisAnswering(redis)) {
      await shared.penalty(key, missing).catch(() => undefined);
      const counted = res as { consumedPoints: number; remainingPoints: number };
      counted.consumedPoints += missing;
      counted.remainingPoints = Math.max(0, base.points - counted.consumedPoints);
    }
    await mirror(key, res);
    return res;
  };
  const over = (res: RateLimiterRes) => res.consumedPoints > base.points;
  const facade = Object.create(shared) as RateLimiterAbstract;
  Object.assign(facade, {
    async get(key: string) {
      if (!redisAnswering(redis)) return memory.get(key);
      const before = await known(key);
      const res = await shared.get(key);
      return res ? reconcile(key, res, before) : before ? memory.get(key) : null;
    },
    async consume(key: string, points = 1) {
      if (!redisAnswering(redis)) return memory.consume(key, points);
      const before = await known(key);
      let res: RateLimiterRes;
      try {
        res = await shared.consume(key, points);
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        throw await reconcile(key, refused, before + points);
      }
      res = await reconcile(key, res, before + points);
      if (over(res)) throw res;
      return res;
    },
    async reward(key: string, points = 1) {
      if (!redisAnswering(redis)) return memory.reward(key, points);
      const res = await shared.reward(key, points);
      await mirror(key, res);
      return res;
    },
  });
  return facade;
}

const made = new WeakMap<object, Limits>();

/**
 * The limits a Deps implies, shared by every server on the same store: Redis when deps.redis is set,
 * else the database (SQLite or Postgres, the connection connect() opened). One set per store per
 * process. The counters live only in the store, never in this process, so two servers over one
 * database or one Redis count together.
 */
export function limitsFor(deps: Pick<Deps, 'db' | 'redis' | 'config'>): Limits {
  const owner = deps.redis ?? deps.db;
  let limits = made.get(owner);
  if (!limits) {
    limits = createLimits(deps);
    made.set(owner, limits);
  }
  return limits;
}

function createLimits({ db, redis, config }: Pick<Deps, 'db' | 'redis' | 'config'>): Limits {
  const scale = config.rateLimitScale;
  const scaled = (points: number) => points * scale;
  const limiters = new Map<LimitName | MessageLimitName, RateLimiterAbstract>();
  const shareOf = (name: LimitName | MessageLimitName) => (name in MESSAGE_LIMITS ? MESSAGE_LIMITS[name as MessageLimitName] : LIMITS[name as LimitName]);

  const limiter = (name: LimitName | MessageLimitName): RateLimiterAbstract => {
    let made = limiters.get(name);
    if (made) return made;
    // A fold is one message per window whatever the scale: the scale widens shares, never repeats.
    const points = name === 'messageFold' ? MESSAGE_LIMITS.messageFold.points : scaled(shareOf(name).points);
    const base = { keyPrefix: name, points, duration: shareOf(name).durationS };
    if (redis) {
      made = shadowedRedisLimiter(redis, base);
    } else {
      const driver = driverOf(db);
      if (!driver) throw new Error('limits: the database was not opened by db/connect.ts, so its driver is unknown.');
      // The table comes from migration 0008. Its expired rows are swept by the server's worker
      // (sweepExpiredLimits): the library's own sweep is a timer nobody stops, which ran on after a
      // shutdown and threw "The database connection is not open".
      const table = { tableName: LIMITS_TABLE, tableCreated: true, clearExpiredByTimeout: false };
      made =
        driver.kind === 'sqlite'
          ? new RateLimiterSQLite({ ...base, ...table, storeClient: driver.database, storeType: 'better-sqlite3' })
          : new RateLimiterPostgres({ ...base, ...table, storeClient: driver.pool, storeType: 'pool' });
    }
    limiters.set(name, made);
    return made;
  };

  // One declaration per route (lib/declare.ts) says which limits its request may take: a service taking another
  // is a route whose table (docs/security.md) is wrong. Every API test runs through here, so none lands.
  const declaredHere = (name: LimitName) => {
    const route = currentRequest()?.route;
    if (route && !route.limits.includes(name) && config.env !== 'production')
      throw new Error(`${route.label} takes the limit ${name}, which its declaration does not name (lib/declare.ts).`);
  };

  const usage = async (name: LimitName, key: string): Promise<Usage> => {
    declaredHere(name);
    const res = await limiter(name).get(key);
    return { used: res?.consumedPoints ?? 0, points: scaled(LIMITS[name].points), retryAfterS: res ? Math.max(0, res.msBeforeNext) / 1000 : 0 };
  };

  return {
    usage,
    scaled,
    async check(name, key) {
      const now = await usage(name, key);
      if (now.used >= now.points) throw limitedError(name, now.retryAfterS);
    },
    async take(name, key, n = 1) {
      declaredHere(name);
      if (n <= 0) return;
      try {
        await limiter(name).consume(key, n);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        // Over: give the points back, so a refused call (50 invites when 10 are left) costs nothing.
        await limiter(name).reward(key, n);
        throw limitedError(name, error.msBeforeNext / 1000);
      }
    },
    async refund(name, key, n) {
      if (n > 0) await limiter(name).reward(key, n);
    },
    async tryTake(name, key, n = 1) {
      if (n <= 0) return true;
      try {
        await limiter(name).consume(key, n);
        return true;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        await limiter(name).reward(key, n);
        rateLimitRefusals.inc({ limit: name });
        return false;
      }
    },
    async giveBack(name, key, n) {
      if (n > 0) await limiter(name).reward(key, n);
    },
    async count(name, key, n = 1) {
      declaredHere(name);
      try {
        await limiter(name).consume(key, n);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
      }
    },
  };
}
