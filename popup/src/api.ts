import type { ErrorBody } from '../../api/src/lib/envelope';

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
  const url = `/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`;
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
