import type { ErrorBody } from './envelope.js';

/**
 * The one reader of the envelope (`{resource_response: {data}}` or `{resource_response: {error}}`), shared
 * by the web app, the advertiser area, sign-in, and the API tests' helpers, so what counts as an answer,
 * an error or garbage is decided in one place. Pure and dependency-free: the web app's first open carries it.
 */
export type Decoded<T> = { ok: true; data: T } | { ok: false; error: ErrorBody };

/** What a client says when there is no envelope at all (network down, an HTML error page, a proxy's 502). */
export const UNKNOWN_ERROR_MESSAGE = 'Sorry! Something went wrong on our end.';

/** The error a client reports when no envelope came back (network down, an HTML error page). */
export const unknownError = (status: number): ErrorBody => ({ api_error_code: 0, http_status: status, message: UNKNOWN_ERROR_MESSAGE });

/** `json` is the parsed body (or null when it was not JSON); `status` is the HTTP status, kept for errors without an envelope. */
export function decodeEnvelope<T>(json: unknown, status: number): Decoded<T> {
  const answer = (json as { resource_response?: { data?: T; error?: ErrorBody } } | null)?.resource_response;
  if (!answer || typeof answer !== 'object') return { ok: false, error: unknownError(status) };
  if (answer.error) return { ok: false, error: answer.error };
  return { ok: true, data: answer.data as T };
}

/** Reads a fetch Response's envelope; a body that is not JSON is the unknown error with the response's status. */
export async function decodeResponse<T>(response: Response): Promise<Decoded<T>> {
  const json = await response.json().catch(() => null);
  return decodeEnvelope<T>(json, response.status);
}

/** Builds an envelope as the server sends it: for tests and harnesses that play the server (an error may be partial, to try the client on it). */
export const encodeEnvelope = (answer: { data: unknown } | { error: Partial<ErrorBody> | object }) => ({ resource_response: answer });
