import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { readProviders, type ProvidersConfig } from './auth/providers/config.js';
import { DEFAULT_BRAND } from './lib/rules/brand.js';
import { VIDEO_QUOTA_DEFAULT_BYTES } from './media/rules.js';
import { defaultLogLevel } from './core/log.js';

/**
 * The one typed configuration object, read from the environment once at start.
 * Everything is optional; the defaults give a working development setup.
 */
export interface Config extends ProvidersConfig {
  env: 'development' | 'production' | 'test';
  /** Interface the product listens on: loopback unless HOST says otherwise. */
  host: string;
  port: number;
  examplesPort: number;
  /** Origin the product is reached at; the popup, API and scripts live here. */
  publicOrigin: string;
  /** Origin of the demo publisher site: a different site from publicOrigin. */
  examplesOrigin: string;
  /** Unset: SQLite under data/. `sqlite:<path>` or `postgres://…` otherwise. */
  databaseUrl: string | undefined;
  mediaDir: string;
  /**
   * Where media (renditions, uploads, videos) is kept (storage/): unset, the MEDIA_DIR directory;
   * `s3://bucket/prefix`, an S3-compatible bucket, with MEDIA_DIR kept only for files still arriving.
   */
  mediaStore: { kind: 'local' } | { kind: 's3'; bucket: string; prefix: string };
  /** The S3 client's settings (MEDIA_S3_*); credentials unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, roles, ...). */
  mediaS3: { endpoint: string | undefined; region: string; forcePathStyle: boolean; accessKeyId: string | undefined; secretAccessKey: string | undefined };
  /** MEDIA_PUBLIC_URL: a base (a CDN, a public bucket) /media/ answers redirect to instead of streaming; no trailing slash. */
  mediaPublicUrl: string | undefined;
  /** Origins exempt from the outbound address rules (dev and test fixtures only). */
  outboundAllow: string[];
  smtpUrl: string | undefined;
  /** Session cookies carry Secure unless the product runs on a loopback host. */
  secureCookies: boolean;
  /** The specs' experiments, on when listed in FLAGS (comma separated); unset in development: quick_promote_by_pinner. */
  flags: ReadonlySet<string>;
  /**
   * Two minimums: 6 (the sign-up modal) and 8 (the registration helper).
   * PASSWORD_MIN_LENGTH picks one; 6 by default.
   */
  passwordMinLength: 6 | 8;
  /** Youngest age allowed to sign up (the shared age check's default is 18). */
  minSignupAge: number;
  /** Sender of the product's mail (password reset, log-in help). */
  mailFrom: string;
  /**
   * HMAC key that signs log-in challenges (ALTCHA). Unset: a random key per process, so challenges
   * handed out before a restart stop working; set CHALLENGE_HMAC_KEY when running several processes.
   */
  challengeKey: string;
  /**
   * Proof-of-work size of a challenge: the solver tries up to this many hashes (half on average).
   * CHALLENGE_MAX_NUMBER, 300,000 by default: about a second of the popup's solver (bench/challenge.ts).
   */
  challengeMaxNumber: number;
  /** Redis for what several servers must share (limits, locks); unset: the database holds it. */
  redisUrl: string | undefined;
  /** Read the client address from X-Forwarded-For (behind a proxy we trust); else from the socket. */
  trustProxy: boolean;
  /**
   * Multiplies every per-client limit of lib/limits.ts (RATE_LIMIT_SCALE, 1 by default): for a site
   * whose people share few addresses (a campus behind one NAT), and for the end-to-end suite, one
   * browser that signs up and logs in all day.
   */
  rateLimitScale: number;
  /** Servers `npm start` runs over one database (WORKERS); 1 by default. */
  workers: number;
  /** The product's name wherever the copy names it (BRAND_NAME). */
  brandName: string;
  /**
   * How long a worker holds a background job before another may take it again (JOB_LEASE_MS, 6 s): the
   * worker renews it every third of it while the job runs (a heartbeat), so this is the wait before a job
   * whose server was killed is taken up again, not a bound on how long a job may run.
   */
  jobLeaseMs: number;
  /**
   * The scale of a job's backoff (JOB_BACKOFF_MS, 5 s): its first wait after a failure. Waits double from
   * it, a dependency's up to 720 times it (an hour); tests shrink it to prove in seconds what takes hours.
   */
  jobBackoffMs: number;
  /**
   * How long a new image may wait in the ingest queue (INGEST_MAX_WAIT_MS, unset by default: no ceiling): when
   * set and the jobs ahead of it would take longer at the rate the queue drains, a save that would add image work
   * is refused with 503 and Retry-After (images/backlog.ts). By default a save is taken and its image waits its
   * turn (the tile shows its colour until then); each person's waiting images are bounded instead.
   */
  ingestMaxWaitMs: number;
  /**
   * Image re-encodes one server process runs at once (IMAGE_CONCURRENCY; default: its cores less one, at least
   * one, so the event loop keeps a core of its own), each on one
   * libvips thread, off the event loop: the queue's worker runs this many ingest jobs side by side, and an
   * image sent with a save waits for a slot like a job does (images/work.ts).
   */
  imageConcurrency: number;
  /** The largest image taken, in decoded pixels (IMAGE_MAX_PIXELS, default 40,000,000): a bigger one is refused. */
  imageMaxPixels: number;
  /**
   * Decoded pixels one process holds at once across its re-encodes (IMAGE_PIXELS_IN_FLIGHT): a decoded
   * pixel costs about 4 bytes several times over, so this, not the count of images, bounds the memory.
   * Default: 1.25 × IMAGE_MAX_PIXELS (one largest image, or several ordinary ones, at a time).
   */
  imagePixelsInFlight: number;
  /**
   * API requests one server process works on at once (MAX_IN_FLIGHT); past it a request waits for a turn
   * (lib/overload.ts), briefly, or is answered 503 `overloaded` with Retry-After. Pages, built files and
   * /health never wait.
   */
  maxInFlight: number;
  /**
   * API requests one process lets wait for a turn (MAX_QUEUED, lib/overload.ts); one more is refused at
   * once with 503 `overloaded`, as is one that waited past the queue's deadline.
   */
  maxQueued: number;
  /** How long a request may wait for its turn while many wait (MAX_QUEUE_WAIT_MS); past it, 503. */
  maxQueueWaitMs: number;
  /**
   * Request bodies (lib/bodies.ts): milliseconds every body is given before its bytes are counted
   * against the minimum rate (BODY_GRACE_MS), and bodies one client may be sending at once (BODIES_PER_CLIENT).
   */
  bodyGraceMs: number;
  bodiesPerClient: number;
  /** The two readings of quick promote's steps (QUICK_PROMOTE_STEPS): short by default, or full. */
  quickPromoteSteps: 'short' | 'full';
  /** Bytes of video one user may keep uploaded (VIDEO_QUOTA_BYTES, media/rules.ts); an upload past it is refused. */
  videoQuotaBytes: number;
  /** Operations (core/log.ts): the level of the JSON log on stdout (LOG_LEVEL; info, or silent under test). */
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Who may read /metrics (ops/probes.ts): a bearer token (METRICS_TOKEN, 24+ characters) and/or client
   * addresses (METRICS_ALLOW, comma separated, compared with the address lib/client-address.ts reads).
   * Neither set: /metrics answers 404 to everyone.
   */
  metricsToken: string | undefined;
  metricsAllow: string[];
  /** How long a stopping server keeps serving with /ready at 503 before it closes its listener (DRAIN_WAIT_MS, 0 by default). */
  drainWaitMs: number;
  /**
   * Who may make an account (SIGNUP_MODE, auth/signup-mode.ts): open (anyone, the default), invite (only
   * with a single-use invitation) or closed (no one), for every way in: password, Google, Facebook, LINE, SSO.
   */
  signupMode: 'open' | 'invite' | 'closed';
  /** SIGNUP_SSO_OPEN: company SSO (SSO_DOMAINS) still makes accounts when SIGNUP_MODE is invite or closed. */
  signupSsoOpen: boolean;
}

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const origin = z
  .string()
  .url()
  .transform((value) => new URL(value).origin);
const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe(
      '`production` turns the demo account and `/dev/outbox` off, ignores the `cb_flags` test cookie, and needs `SMTP_URL` (it refuses to start rather than lose mail).',
    ),
  HOST: z.string().min(1).default('127.0.0.1').describe('The interface the product listens on; `0.0.0.0` serves other machines.'),
  PORT: port(8787).describe("The product's port."),
  EXAMPLES_PORT: port(8788).describe("The demo publisher's port (served on 127.0.0.1: another site, as on the real web)."),
  PUBLIC_ORIGIN: origin
    .optional()
    .describe('The origin people reach the product at (default `http://localhost:$PORT`); cookies are Secure unless it is a loopback host.'),
  DATABASE_URL: z
    .string()
    .min(1)
    .optional()
    .describe('Unset: SQLite in `data/corkboard.sqlite`; `sqlite:<path>`, or `postgres://…` for Postgres through the same code and migrations.'),
  MEDIA_DIR: z
    .string()
    .min(1)
    .default('media')
    .describe('The directory of media (renditions, uploads, videos), and of files still arriving when media is in a bucket.'),
  MEDIA_STORE: z
    .string()
    .regex(/^(local|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?)$/, 'Must be local or s3://bucket/prefix.')
    .optional()
    .describe('`local` (the default: MEDIA_DIR) or `s3://bucket/prefix` for S3-compatible object storage.'),
  MEDIA_S3_ENDPOINT: z.string().url().optional().describe('The S3 endpoint of a self-hosted store (MinIO, Garage); unset: AWS.'),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1').describe("The bucket's region."),
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .describe('Address the bucket by path (the default when MEDIA_S3_ENDPOINT is set) rather than by virtual host.'),
  MEDIA_S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe("With MEDIA_S3_SECRET_ACCESS_KEY (both or neither); unset: the AWS SDK's own credential chain."),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe('See MEDIA_S3_ACCESS_KEY_ID.'),
  MEDIA_PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'Must be an http(s) URL.')
    .optional()
    .describe('A base (a CDN, a public bucket) that `/media/` redirects to instead of streaming.'),
  OUTBOUND_ALLOW: list
    .pipe(z.array(origin))
    .optional()
    .describe("Origins exempt from the outbound address rules, comma separated: in development the demo publisher's; empty in production."),
  SMTP_URL: z.string().min(1).optional().describe('Where mail goes (`smtp://…`); unset: the dev outbox page `/dev/outbox`.'),
  FLAGS: list
    .default([])
    .describe(
      "The specs' experiments that are on, comma separated (e.g. `kr_privacy_consent`, `video_upload`, `pin_creation_disable_all`); unset in development: `quick_promote_by_pinner`.",
    ),
  PASSWORD_MIN_LENGTH: z.enum(['6', '8']).default('6').describe("The shortest password taken: 6 (the sign-up modal's) or 8 (the registration helper's)."),
  MIN_SIGNUP_AGE: z.coerce.number().int().min(1).max(120).default(18).describe('The youngest age that may sign up.'),
  MAIL_FROM: z.string().min(3).default('Corkboard <no-reply@corkboard.localhost>').describe("The sender of the product's mail (match it to BRAND_NAME)."),
  CHALLENGE_HMAC_KEY: z
    .string()
    .min(16)
    .optional()
    .describe('The key that signs log-in challenges; unset: a random key per process (set it when running several).'),
  // About a second for the popup's solver on a busy machine (bench/challenge.ts; docs/decisions.md).
  CHALLENGE_MAX_NUMBER: z.coerce
    .number()
    .int()
    .min(1000)
    .max(10_000_000)
    .default(300_000)
    .describe("A log-in challenge's proof-of-work size: about a second of the popup's solver by default."),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'Must be a redis:// or rediss:// URL.')
    .optional()
    .describe('Redis for what several servers share (limits, locks); unset: the database holds it.'),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('false')
    .describe("Read the client's address from X-Forwarded-For (behind a proxy you trust) instead of the socket."),
  RATE_LIMIT_SCALE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(1)
    .describe('Multiplies every per-client limit (for people behind one shared address, and the browser test suite).'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1).describe('Server processes `npm start` runs over one database; above 1 needs Postgres.'),
  BRAND_NAME: z.string().trim().min(1).max(60).default(DEFAULT_BRAND).describe("The product's name in every page, popup, error message and mail."),
  JOB_LEASE_MS: z.coerce
    .number()
    .int()
    .min(300)
    .max(3_600_000)
    .default(6_000)
    .describe('How long a background job is held before another worker may take it again (renewed while it runs).'),
  JOB_BACKOFF_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600_000)
    .default(5_000)
    .describe("A failed job's first wait; waits double from it, a dependency's up to an hour."),
  INGEST_MAX_WAIT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(86_400_000)
    .optional()
    .describe(
      "A ceiling on how long a new image may wait in the ingest queue before a save that adds image work is answered 503 with Retry-After (unset: saves are taken and their images wait; each person's waiting images are bounded).",
    ),
  IMAGE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe('Image re-encodes one process runs at once (default: its cores less one, at least one).'),
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(100_000).max(200_000_000).default(40_000_000).describe('The largest image taken, in decoded pixels.'),
  IMAGE_PIXELS_IN_FLIGHT: z.coerce
    .number()
    .int()
    .min(100_000)
    .max(1_000_000_000)
    .optional()
    .describe('Decoded pixels one process holds at once across its re-encodes (default 1.25 × IMAGE_MAX_PIXELS): what bounds their memory.'),
  MAX_IN_FLIGHT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(16)
    .describe('API requests one process works on at once; past it a request waits for a turn.'),
  MAX_QUEUED: z.coerce.number().int().min(0).max(100_000).default(256).describe('API requests one process lets wait for a turn; one more is answered 503.'),
  MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(500).describe('The longest wait for a turn while many wait; past it, 503.'),
  BODY_GRACE_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600_000)
    .default(10_000)
    .describe('Milliseconds every request body is given before its bytes are held to the minimum rate.'),
  BODIES_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(8).describe('Request bodies one client may be sending at once.'),
  QUICK_PROMOTE_STEPS: z.enum(['short', 'full']).default('short').describe("Quick promote's reading of its steps: `short` or `full`."),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .describe("The JSON log's level on stdout (default `info`; `silent` under NODE_ENV=test)."),
  METRICS_TOKEN: z
    .string()
    .min(24, 'Use at least 24 characters (for example: openssl rand -hex 24).')
    .optional()
    .describe('A bearer token (24+ characters) that opens `/metrics`.'),
  METRICS_ALLOW: list
    .pipe(z.array(z.string().refine((value) => isIP(value) !== 0, 'Must be IP addresses, comma separated.')))
    .default([])
    .describe('Client addresses that may read `/metrics`, comma separated; with neither this nor METRICS_TOKEN, `/metrics` answers 404.'),
  DRAIN_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(300_000)
    .default(0)
    .describe('How long a stopping server keeps serving with `/ready` at 503 before it closes its listener.'),
  SIGNUP_MODE: z
    .enum(['open', 'invite', 'closed'])
    .default('open')
    .describe('Who may make an account, every way in: `open`, `invite` (a single-use invitation) or `closed`.'),
  SIGNUP_SSO_OPEN: z
    .enum(['0', '1', 'true', 'false'])
    .default('false')
    .describe('Company SSO (SSO_DOMAINS) still makes accounts when SIGNUP_MODE is invite or closed.'),
  VIDEO_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .default(VIDEO_QUOTA_DEFAULT_BYTES)
    .describe('Bytes of video one user may keep uploaded.'),
});

/** MEDIA_STORE: unset or `local`, the directory; `s3://bucket/prefix`, the bucket (the prefix without its slashes). */
function mediaStoreOf(value: string | undefined): Config['mediaStore'] {
  if (!value || value === 'local') return { kind: 'local' };
  const [bucket = '', ...rest] = value.slice('s3://'.length).split('/');
  return { kind: 's3', bucket, prefix: rest.filter(Boolean).join('/') };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const e = parsed.data;
  if (Boolean(e.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid configuration: MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK’s own credentials (AWS_ACCESS_KEY_ID, profiles, roles).',
    );
  }
  const publicOrigin = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  // 127.0.0.1 is a different site from localhost, so the demo publisher is cross-site as on the real web.
  const examplesOrigin = `http://127.0.0.1:${e.EXAMPLES_PORT}`;
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    examplesPort: e.EXAMPLES_PORT,
    publicOrigin,
    examplesOrigin,
    databaseUrl: e.DATABASE_URL,
    mediaDir: e.MEDIA_DIR,
    mediaStore: mediaStoreOf(e.MEDIA_STORE),
    mediaS3: {
      endpoint: e.MEDIA_S3_ENDPOINT,
      region: e.MEDIA_S3_REGION,
      // A self-hosted S3 (MinIO, Garage, s3rver) is addressed by path; AWS itself by virtual host.
      forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE
        ? e.MEDIA_S3_FORCE_PATH_STYLE === '1' || e.MEDIA_S3_FORCE_PATH_STYLE === 'true'
        : Boolean(e.MEDIA_S3_ENDPOINT),
      accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
      secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
    },
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    outboundAllow: e.OUTBOUND_ALLOW ?? (isProduction ? [] : [examplesOrigin]),
    smtpUrl: e.SMTP_URL,
    secureCookies: !LOOPBACK_HOSTS.has(new URL(publicOrigin).hostname),
    // Quick promote by pinners is on by default in development (FLAGS set explicitly wins), so 'Promote your Pin' can be seen.
    flags: new Set(env.FLAGS === undefined && e.NODE_ENV === 'development' ? ['quick_promote_by_pinner'] : e.FLAGS),
    passwordMinLength: e.PASSWORD_MIN_LENGTH === '8' ? 8 : 6,
    minSignupAge: e.MIN_SIGNUP_AGE,
    mailFrom: e.MAIL_FROM,
    challengeKey: e.CHALLENGE_HMAC_KEY ?? randomBytes(32).toString('hex'),
    challengeMaxNumber: e.CHALLENGE_MAX_NUMBER,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    rateLimitScale: e.RATE_LIMIT_SCALE,
    workers: e.WORKERS,
    brandName: e.BRAND_NAME,
    jobLeaseMs: e.JOB_LEASE_MS,
    jobBackoffMs: e.JOB_BACKOFF_MS,
    ingestMaxWaitMs: e.INGEST_MAX_WAIT_MS ?? Number.POSITIVE_INFINITY,
    imageConcurrency: e.IMAGE_CONCURRENCY ?? Math.max(1, availableParallelism() - 1),
    imageMaxPixels: e.IMAGE_MAX_PIXELS,
    imagePixelsInFlight: Math.max(e.IMAGE_PIXELS_IN_FLIGHT ?? Math.round(e.IMAGE_MAX_PIXELS * 1.25), e.IMAGE_MAX_PIXELS),
    maxInFlight: e.MAX_IN_FLIGHT,
    maxQueued: e.MAX_QUEUED,
    maxQueueWaitMs: e.MAX_QUEUE_WAIT_MS,
    bodyGraceMs: e.BODY_GRACE_MS,
    bodiesPerClient: e.BODIES_PER_CLIENT,
    // Identity providers (auth/providers/config.ts): SSO_, GOOGLE_, FACEBOOK_, LINE_ and SSO_DOMAINS.
    ...readProviders(env),
    quickPromoteSteps: e.QUICK_PROMOTE_STEPS,
    videoQuotaBytes: e.VIDEO_QUOTA_BYTES,
    logLevel: e.LOG_LEVEL ?? defaultLogLevel(e.NODE_ENV),
    metricsToken: e.METRICS_TOKEN,
    metricsAllow: e.METRICS_ALLOW,
    drainWaitMs: e.DRAIN_WAIT_MS,
    signupMode: e.SIGNUP_MODE,
    signupSsoOpen: e.SIGNUP_SSO_OPEN === '1' || e.SIGNUP_SSO_OPEN === 'true',
  };
}
