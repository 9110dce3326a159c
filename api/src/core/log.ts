import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config.js';
import { currentRequest, withRequest } from './request-context.js';

/**
 * The structured log: one JSON object a line on stdout, by pino. What goes in it is chosen
 * (ops/observe.ts: method, route pattern, status, ms, request id; the job worker: job, kind, request id),
 * never a whole request: no raw URL, header, body or payload is logged, so tokens in query strings,
 * cookies and passwords have no way in. The redaction below is the second line, for an object someone
 * logs later with such a field in it.
 */
export type { Logger };

/** Field names whose values never reach the log, at the top or one level down ({ err: { password } }). */
const SECRET_FIELDS = [
  'password',
  'new_password',
  'old_password',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
  'session',
];
export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((name) => [`["${name}"]`, `*["${name}"]`]),
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
];

/** A logger at `level`, on `stream` (stdout by default, written without blocking the event loop). */
export function createLogger(level: Config['logLevel'], stream?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Errors as { type, message, stack } and nothing else: pino's own serializer copies an error's every
    // field (a mailer's SMTP command and reply, a driver's bound values), and URLs lose their queries.
    serializers: { err: errorFields },
  };
  return pino(options, stream ?? pino.destination({ dest: 1, sync: false }));
}

const fixed = new WeakMap<Logger, Logger>();

/**
 * For the lines made of chosen fields only (the request line, the job line): the same logger without the
 * redaction pass, which cost a line 3 to 6 times its formatting (bench/ops.ts). Nothing free-form goes through
 * it: a field added to those lines must be one that can hold no secret.
 */
export function fixedFieldsLog(log: Logger): Logger {
  let child = fixed.get(log);
  if (!child) fixed.set(log, (child = log.child({}, { redact: [] })));
  return child;
}

/** What of an error reaches the log. */
export function errorFields(error: unknown): { type: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutQueries(String(error)) };
  return { type: error.name, message: withoutQueries(error.message), ...(error.stack ? { stack: withoutQueries(error.stack) } : {}) };
}

const byLevel = new Map<string, Logger>();

/** The process's logger for a Deps: the injected one (a test's capture), else one on stdout per level. */
export function logFor(deps: { log?: Logger; config: Pick<Config, 'logLevel'> }): Logger {
  if (deps.log) return deps.log;
  let log = byLevel.get(deps.config.logLevel);
  if (!log) {
    log = createLogger(deps.config.logLevel);
    byLevel.set(deps.config.logLevel, log);
  }
  return log;
}

/** Free text bound for the log (an error's message) with every URL's query and fragment cut: they may hold a token. */
export const withoutQueries = (text: string): string => text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"']*)[?#][^\s"']*/gi, '$1?…');

/**
 * The request a piece of work belongs to, for the work it starts (a job queued by a save carries it:
 * jobs/service.ts reads it at enqueue). Set by ops/observe.ts around each request (core/request-context.ts).
 */
export const withRequestId = <T>(id: string, work: () => T): T => withRequest(id, work);
export const currentRequestId = (): string | undefined => currentRequest()?.id;

/**
 * A client's (or a proxy's) X-Request-Id is kept when it is an id, not text: 8 to 128 letters, digits and
 * `._:-`, so a log reader can search for it and nothing else (a newline, JSON, a secret-sized blob) rides in.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;
export const requestIdFrom = (header: string | undefined): string => (header && WELL_FORMED.test(header) ? header : randomUUID());

/** For a refusal to start: said whatever LOG_LEVEL is (a test's `silent` too), on stderr, at once. */
export const refusalLog = (): Logger => createLogger('info', pino.destination({ dest: 2, sync: true }));

const LOG_LEVELS: ReadonlyArray<Config['logLevel']> = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The log's level when LOG_LEVEL is not set: info, and nothing under test (config.ts reads it too). */
export const defaultLogLevel = (nodeEnv: string | undefined): Config['logLevel'] => (nodeEnv === 'test' ? 'silent' : 'info');

/** LOG_LEVEL when it names a level, else the default: the log is below the configuration, so it reads the variable itself. */
const logLevelOf = (env: Record<string, string | undefined>): Config['logLevel'] =>
  LOG_LEVELS.find((level) => level === env.LOG_LEVEL) ?? defaultLogLevel(env.NODE_ENV);

let processLogger: Logger | undefined;

/**
 * The log for code with no Deps at hand (a driver's event, a Redis client, a crash): the one server.ts sets
 * at start, else one at LOG_LEVEL's level on stdout. Nothing on a server path writes to the console: every
 * line is JSON.
 */
export function processLog(): Logger {
  return (processLogger ??= logFor({ config: { logLevel: logLevelOf(process.env) } }));
}
export const setProcessLog = (log: Logger) => {
  processLogger = log;
};
