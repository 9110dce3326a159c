/**
 * Which database errors are a fault of the database itself rather than of the request: the connection is
 * lost or refused (an outage: answer 503 and come back), or the database's disk is full (named as such).
 * Anything else is a bug or a constraint and stays the caller's to handle.
 */
export type DatabaseFault = 'unavailable' | 'full';

/** Node's socket errors when the server is away or went away. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * Postgres SQLSTATEs of an outage: class 08 (connection exception), the server shutting down or starting
 * (57P01-57P03), too many connections (53300).
 */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;
/** pg's own words for a connection that ended, was never made in time, or is already dead. */
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Connection terminated due to connection timeout)/;

export function databaseFault(error: unknown): DatabaseFault | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  // Postgres 53100 disk_full; SQLite SQLITE_FULL (the disk, or PRAGMA max_page_count, has no room).
  if (code === '53100' || code === 'SQLITE_FULL') return 'full';
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return 'unavailable';
  if (PG_CONNECTION_MESSAGES.test(error.message)) return 'unavailable';
  // An AggregateError (several addresses refused, as for `localhost`) is unavailable when its parts are.
  if (error instanceof AggregateError && error.errors.length && error.errors.every((part) => databaseFault(part) === 'unavailable')) return 'unavailable';
  return undefined;
}
