import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { readProviders, type ProvidersConfig } from './auth/providers/config.js';
import { DEFAULT_BRAND } from './lib/rules/brand.js';
import { VIDEO_QUOTA_DEFAULT_BYTES } from './media/rules.js';

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
   * Where media (renditions, uploads, videos) is kept (media/objects/): unset, the MEDIA_DIR directory;
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
   * auth.md section 5 gives two minimums: 6 (the sign-up modal) and 8 (the registration helper).
   * PASSWORD_MIN_LENGTH picks one; 6 by default.
   */
  passwordMinLength: 6 | 8;
  /** Youngest age allowed to sign up (auth.md section 9: the shared age check's default is 18). */
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
   * How long a new image may wait in the ingest queue (INGEST_MAX_WAIT_MS, default 30 s): when the jobs
   * ahead of it would take longer at the rate the queue drains, a save that would add image work is refused
   * with 503 and Retry-After (images/backlog.ts), so the queue stays within a minute instead of growing for hours.
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
   * Request bodies (issue 25, lib/bodies.ts): milliseconds every body is given before its bytes are counted
   * against the minimum rate (BODY_GRACE_MS), and bodies one client may be sending at once (BODIES_PER_CLIENT).
   */
  bodyGraceMs: number;
  bodiesPerClient: number;
  /** advertiser.md section 4's two readings of quick promote's steps (QUICK_PROMOTE_STEPS): short by default, or full. */
  quickPromoteSteps: 'short' | 'full';
  /** Bytes of video one user may keep uploaded (VIDEO_QUOTA_BYTES, media/rules.ts); an upload past it is refused. */
  videoQuotaBytes: number;
  /** Operations (issue 29, api/src/ops/): the level of the JSON log on stdout (LOG_LEVEL; info, or silent under test). */
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
const list = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port(8787),
  EXAMPLES_PORT: port(8788),
  PUBLIC_ORIGIN: origin.optional(),
  DATABASE_URL: z.string().min(1).optional(),
  MEDIA_DIR: z.string().min(1).default('media'),
  MEDIA_STORE: z
    .string()
    .regex(/^(local|s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?)$/, 'Must be local or s3://bucket/prefix.')
    .optional(),
  MEDIA_S3_ENDPOINT: z.string().url().optional(),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  MEDIA_PUBLIC_URL: z.string().url().regex(/^https?:\/\//, 'Must be an http(s) URL.').optional(),
  OUTBOUND_ALLOW: list.pipe(z.array(origin)).optional(),
  SMTP_URL: z.string().min(1).optional(),
  FLAGS: list.default([]),
  PASSWORD_MIN_LENGTH: z.enum(['6', '8']).default('6'),
  MIN_SIGNUP_AGE: z.coerce.number().int().min(1).max(120).default(18),
  MAIL_FROM: z.string().min(3).default('Corkboard <no-reply@corkboard.localhost>'),
  CHALLENGE_HMAC_KEY: z.string().min(16).optional(),
  // About a second for the popup's solver on a busy machine (bench/challenge.ts; docs/decisions.md).
  CHALLENGE_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(300_000),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'Must be a redis:// or rediss:// URL.').optional(),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('false'),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  BRAND_NAME: z.string().trim().min(1).max(60).default(DEFAULT_BRAND),
  JOB_LEASE_MS: z.coerce.number().int().min(300).max(3_600_000).default(6_000),
  JOB_BACKOFF_MS: z.coerce.number().int().min(1).max(600_000).default(5_000),
  INGEST_MAX_WAIT_MS: z.coerce.number().int().min(1000).max(86_400_000).default(30_000),
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(100_000).max(200_000_000).default(40_000_000),
  IMAGE_PIXELS_IN_FLIGHT: z.coerce.number().int().min(100_000).max(1_000_000_000).optional(),
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(16),
  MAX_QUEUED: z.coerce.number().int().min(0).max(100_000).default(256),
  MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(500),
  BODY_GRACE_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  BODIES_PER_CLIENT: z.coerce.number().int().min(1).max(100_000).default(8),
  QUICK_PROMOTE_STEPS: z.enum(['short', 'full']).default('short'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  METRICS_TOKEN: z.string().min(24, 'Use at least 24 characters (for example: openssl rand -hex 24).').optional(),
  METRICS_ALLOW: list.pipe(z.array(z.string().refine((value) => isIP(value) !== 0, 'Must be IP addresses, comma separated.'))).default([]),
  DRAIN_WAIT_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  SIGNUP_MODE: z.enum(['open', 'invite', 'closed']).default('open'),
  SIGNUP_SSO_OPEN: z.enum(['0', '1', 'true', 'false']).default('false'),
  VIDEO_QUOTA_BYTES: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(VIDEO_QUOTA_DEFAULT_BYTES),
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
    throw new Error('Invalid configuration: MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK’s own credentials (AWS_ACCESS_KEY_ID, profiles, roles).');
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
      forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE ? e.MEDIA_S3_FORCE_PATH_STYLE === '1' || e.MEDIA_S3_FORCE_PATH_STYLE === 'true' : Boolean(e.MEDIA_S3_ENDPOINT),
      accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID,
      secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY,
    },
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    outboundAllow: e.OUTBOUND_ALLOW ?? (isProduction ? [] : [examplesOrigin]),
    smtpUrl: e.SMTP_URL,
    secureCookies: !LOOPBACK_HOSTS.has(new URL(publicOrigin).hostname),
    // advertiser.md: quick promote by pinners is on by default in development (FLAGS set explicitly wins), so 'Promote your Pin' can be seen.
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
    ingestMaxWaitMs: e.INGEST_MAX_WAIT_MS,
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
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    metricsToken: e.METRICS_TOKEN,
    metricsAllow: e.METRICS_ALLOW,
    drainWaitMs: e.DRAIN_WAIT_MS,
    signupMode: e.SIGNUP_MODE,
    signupSsoOpen: e.SIGNUP_SSO_OPEN === '1' || e.SIGNUP_SSO_OPEN === 'true',
  };
}
