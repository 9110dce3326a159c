import type { ErrorBody } from '../../api/src/lib/envelope';
import { resourceGetPath } from '../../api/src/lib/rules/first-reads';

/** The client side of the resource layer: one function per verb, errors thrown as ResourceError. */
export class ResourceError extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message_detail ?? body.message);
  }
  get code(): number {
    return this.body.api_error_code;
  }
}

const UNKNOWN: ErrorBody = { api_error_code: 0, http_status: 0, message: 'Sorry! Something went wrong on our end.' };

async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw new ResourceError(UNKNOWN);
  }
  const json = (await response.json().catch(() => null)) as { resource_response?: { data?: T; error?: ErrorBody } } | null;
  const answer = json?.resource_response;
  if (!answer) throw new ResourceError({ ...UNKNOWN, http_status: response.status });
  if (answer.error) throw new ResourceError(answer.error);
  return answer.data as T;
}

/** saving.md section 8: a read that fails with a 5xx, or with no answer at all, is tried once more. */
export async function getResource<T>(name: string, options: Record<string, unknown> = {}): Promise<T> {
  const url = resourceGetPath(name, options);
  try {
    return await call<T>(url);
  } catch (error) {
    const status = error instanceof ResourceError ? error.body.http_status : 0;
    if (status === 0 || status >= 500) return call<T>(url);
    throw error;
  }
}

export function postResource<T>(name: string, action: 'create' | 'update' | 'delete', options: Record<string, unknown>): Promise<T> {
  return call<T>(`/resource/${name}/${action}/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ options }),
  });
}

/** A route outside the resource layer (`/v3/…`) that answers in the same envelope: GET without a body, POST with one. */
export function v3<T>(path: string, body?: unknown): Promise<T> {
  return body === undefined ? call<T>(path) : call<T>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/** Where a page's gone-or-locked resource sends the visitor (saving.md section 8): home, with this flag. */
export const HOME_ERROR_FLAG = 'error';
const HOME_ERROR_KEY = 'corkboard_home_error';

/**
 * A page's first load (saving.md section 8, the resource layer): 5xx or no answer is tried once more
 * (getResource); a 404, or a 401 with code 7, sends the visitor home with an error flag. The message
 * travels in sessionStorage, not the URL, so home shows the server's own words and no link can make it
 * show someone else's. The promise then never settles: the page is on its way out.
 */
export async function loadPage<T>(name: string, options: Record<string, unknown> = {}): Promise<T> {
  try {
    return await getResource<T>(name, options);
  } catch (error) {
    const body = error instanceof ResourceError ? error.body : null;
    if (!body || !(body.http_status === 404 || (body.http_status === 401 && body.api_error_code === 7))) throw error;
    try {
      sessionStorage.setItem(HOME_ERROR_KEY, body.message_detail ?? body.message);
    } catch {
      // Storage refused: home shows its generic line.
    }
    location.assign(`/?${HOME_ERROR_FLAG}=1`);
    return new Promise<T>(() => undefined);
  }
}

/** Home's side: the message left by loadPage when the URL has the flag (read once, then cleared). */
export function takeHomeError(search: string): string | null {
  if (!new URLSearchParams(search).has(HOME_ERROR_FLAG)) return null;
  let message: string | null = null;
  try {
    message = sessionStorage.getItem(HOME_ERROR_KEY);
    sessionStorage.removeItem(HOME_ERROR_KEY);
  } catch {
    // No storage: the generic line.
  }
  return message ?? "Sorry, we couldn't find that.";
}
