import type { ErrorBody } from '../../api/src/lib/envelope';
import { decodeResponse, unknownError } from '../../api/src/lib/envelope.client';
import { FIRST_READS_ID, resourceGetPath } from '../../api/src/lib/rules/first-reads';
import type { AnswerOf, OptionsOf, ReadableResource, ResourceName, WriteAction } from '../../api/src/resources.contract';
import type { RouteAnswer, RouteInput, RouteName } from '../../api/src/routes.contract';

/** The routes whose body is a file. */
type FileRoute = { [R in RouteName]: RouteInput<R> extends { body: Blob } ? R : never }[RouteName];

/** The client side of the resource layer: one function per verb, errors thrown as ResourceError. */
export class ResourceError extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message_detail ?? body.message);
  }
  get code(): number {
    return this.body.api_error_code;
  }
}

/** Options may be left out only where the action takes none that are required. */
type OptionsArg<N extends ResourceName, A extends 'get' | 'create' | 'update' | 'delete'> =
  Record<string, never> extends OptionsOf<N, A> ? [options?: OptionsOf<N, A>] : [options: OptionsOf<N, A>];

/** Fetches and decodes the envelope; a network failure or a body with no envelope is the unknown error. */
export async function request<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw new ResourceError(unknownError(0));
  }
  const answer = await decodeResponse<T>(response);
  if (!answer.ok) throw new ResourceError(answer.error);
  return answer.data;
}

/** A JSON POST in the envelope (resource writes, `/v3/…` writes, the advertiser area's own paths). */
export const postJson = <T>(url: string, body: unknown, init?: RequestInit): Promise<T> =>
  request<T>(url, { ...init, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/**
 * A read that fails with a 5xx, or with no answer at all, is tried once more. Its
 * options are required (code generic in the resource, a feed or a page's data hook, calls it so);
 * getResource below is the same function, letting options be left out where the action needs none.
 */
export async function readResource<N extends ReadableResource>(
  name: N,
  options: OptionsOf<N, 'get'> | Record<string, never> = {},
): Promise<AnswerOf<N, 'get'>> {
  const url = resourceGetPath(name, options);
  const handed = takeHanded(url);
  if (handed !== undefined) return handed as AnswerOf<N, 'get'>;
  try {
    return await request<AnswerOf<N, 'get'>>(url);
  } catch (error) {
    const status = error instanceof ResourceError ? error.body.http_status : 0;
    if (status === 0 || status >= 500) return request<AnswerOf<N, 'get'>>(url);
    throw error;
  }
}

/** The reads the page's HTML carries (the server made them to draw its first screen): URL → data, each taken once, later reads asked of the server. */
let handedReads: Record<string, unknown> | undefined;
function takeHanded(url: string): unknown {
  if (!handedReads) {
    const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_READS_ID);
    try {
      handedReads = element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {};
    } catch {
      handedReads = {};
    }
  }
  const data = handedReads[url];
  delete handedReads[url];
  return data;
}

export const getResource: <N extends ReadableResource>(name: N, ...options: OptionsArg<N, 'get'>) => Promise<AnswerOf<N, 'get'>> = readResource;

export function postResource<N extends ResourceName, A extends WriteAction<N>>(name: N, action: A, ...[options]: OptionsArg<N, A>): Promise<AnswerOf<N, A>> {
  return postJson<AnswerOf<N, A>>(`/resource/${name}/${action}/`, { options: options ?? {} });
}

/**
 * A route outside the resource layer (`/v3/…`, `/vx/…`, `/ads/…`) that answers in the same envelope, typed
 * by the one table in routes.ts: path parameters fill the route's `{name}`s, a `body` makes it a POST.
 */
export function v3<R extends RouteName>(
  route: R,
  ...[input, init]: Record<string, never> extends RouteInput<R>
    ? [input?: RouteInput<R>, init?: Pick<RequestInit, 'signal'>]
    : [input: RouteInput<R>, init?: Pick<RequestInit, 'signal'>]
): Promise<RouteAnswer<R>> {
  // The route table's input, read as the shapes every entry shares (the table typed the caller's side).
  const { path, query, body } = (input ?? {}) as { path?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  const url = route.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(path?.[key] ?? '')) + (query ? `?${new URLSearchParams(query)}` : '');
  return body === undefined ? request<RouteAnswer<R>>(url, init) : postJson<RouteAnswer<R>>(url, body, init);
}

/** A route whose body is a file sent as itself (an import): typed by the same table, kept apart so pages that send none carry no code for it. */
export function sendFile<R extends FileRoute>(route: R, file: Blob): Promise<RouteAnswer<R>> {
  return request<RouteAnswer<R>>(route, { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: file });
}

/** Where a page's gone-or-locked resource sends the visitor: home, with this flag. */
export const HOME_ERROR_FLAG = 'error';
const HOME_ERROR_KEY = 'corkboard_home_error';

/**
 * A page's first load (the resource layer): 5xx or no answer is tried once more
 * (getResource); a 404, or a 401 with code 7, sends the visitor home with an error flag. The message
 * travels in sessionStorage, not the URL, so home shows the server's own words and no link can make it
 * show someone else's. The promise then never settles: the page is on its way out.
 */
export async function loadPage<N extends ReadableResource>(name: N, ...options: OptionsArg<N, 'get'>): Promise<AnswerOf<N, 'get'>> {
  try {
    return await getResource(name, ...options);
  } catch (error) {
    const body = error instanceof ResourceError ? error.body : null;
    if (!body || !(body.http_status === 404 || (body.http_status === 401 && body.api_error_code === 7))) throw error;
    try {
      sessionStorage.setItem(HOME_ERROR_KEY, body.message_detail ?? body.message);
    } catch {
      // Storage refused: home shows its generic line.
    }
    location.assign(`/?${HOME_ERROR_FLAG}=1`);
    return new Promise<AnswerOf<N, 'get'>>(() => undefined);
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
