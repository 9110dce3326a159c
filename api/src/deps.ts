import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import type { BoardLocks } from './boards/locks.js';
import type { MailTransport, SmsTransport } from './lib/mail.js';
import type { Redis } from './lib/redis.js';
import type { Logger } from './core/log.js';
import type { Lifecycle } from './core/lifecycle.js';

/** What createApp() is given: no module reaches for a global database, clock or environment. */
export interface Deps {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  /** Board actions in flight; injected so a test can hold one open. */
  locks?: BoardLocks;
  /** The transports of outgoing mail and SMS; unset, SMTP (config.smtpUrl) or the dev outbox. Only the message gate holds them (outbox/service.ts). */
  mailer?: MailTransport;
  sms?: SmsTransport;
  /** Set when REDIS_URL is: shared limits and locks live there instead of the database. */
  redis?: Redis;
  /** The JSON log (core/log.ts); unset: stdout at LOG_LEVEL. A test passes one that captures its lines. */
  log?: Logger;
  /** Whether this process is draining (core/lifecycle.ts), for /ready; product.ts gives one, createApp makes one otherwise. */
  lifecycle?: Lifecycle;
  /**
   * The app's route table once built (createApp sets it for the services): its first path segments are
   * never a username (lib/own-paths.ts). Unset outside an app.
   */
  routes?: () => ReadonlyArray<{ path: string }>;
}

/** The logged-in user as every route sees it. */
export interface Viewer {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  imageMediumUrl: string | null;
  sessionId: string;
  /** When this session's row began: a log-in, or a change that rotated it (MFA, password change). Epoch ms. */
  sessionStartedAt: number;
  /** When its holder really logged in (a rotated session keeps its predecessor's): the recent-log-in rule reads this. Epoch ms. */
  loggedInAt: number;
  /** Whether the account's email is proven: what trusts an address (invites by email, linking) asks this. */
  emailVerified: boolean;
  /**
   * Whether this session passed two-factor since two-factor was turned on: what the business
   * OWNER-or-MFA rule asks (policy/rules.ts campaignRule). False whenever two-factor is off.
   */
  mfaPassed: boolean;
  /** An operator of this instance (users.is_operator); the console admits one only with mfaPassed (lib/declare.ts isOperator). */
  isOperator: boolean;
  /** When this session was last seen answering a request (the active-sessions list); null: not yet. */
  sessionLastUsedAt: number | null;
  /** Set when the request came with a personal access token instead of a cookie (tokens/): its id and scope. */
  accessToken?: { id: string; scope: 'read' | 'write' };
}

export interface AppEnv {
  Variables: {
    viewer: Viewer | null;
    brand: string;
    /** This request's experiment flags (auth/routes.ts requestFlags), set for every request in app.ts. */
    flags: ReadonlySet<string>;
    /** The route's declaration, and when a streamed body must have arrived (lib/bodies.ts). */
    declaration: import('./lib/declare.js').Declaration;
    bodyDeadline: number;
  };
}
