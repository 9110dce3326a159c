import { ResourceError } from '../api';
import type { ErrorBody } from '../../../api/src/lib/envelope';

/** The area's own paths (/ads/v4/…, /vx/…, /v3/offsite/): the same envelope as the resource layer. */
export async function call<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw new ResourceError({ api_error_code: 0, http_status: 0, message: 'Sorry! Something went wrong on our end.' });
  }
  const json = (await response.json().catch(() => null)) as { resource_response?: { data?: T; error?: ErrorBody } } | null;
  const answer = json?.resource_response;
  if (!answer) throw new ResourceError({ api_error_code: 0, http_status: response.status, message: 'Sorry! Something went wrong on our end.' });
  if (answer.error) throw new ResourceError(answer.error);
  return answer.data as T;
}

export const postJson = <T,>(url: string, body: unknown) =>
  call<T>(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
