import type { z } from 'zod';
import type { ErrorBody } from '../../../../api/src/lib/envelope';
import type { Decision, queueAnswer } from '../../../../api/src/reports/contract';
import { ResourceError } from '../../api';

export type QueueItem = z.infer<typeof queueAnswer>['items'][number];

/** The queue's routes answer in the envelope; an error comes back as a ResourceError with the server's words. */
async function call<T>(path: string, body?: unknown): Promise<T> {
  const init: RequestInit = body === undefined ? { credentials: 'same-origin' } : { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(path, init).catch(() => null);
  const json = (await response?.json().catch(() => null)) as { resource_response?: { data?: T; error?: ErrorBody } } | null;
  const answer = json?.resource_response;
  if (!answer) throw new ResourceError({ api_error_code: 0, http_status: response?.status ?? 0, message: 'Sorry! Something went wrong on our end.' });
  if (answer.error) throw new ResourceError(answer.error);
  return answer.data as T;
}

export const loadQueue = () => call<{ items: QueueItem[] }>('/v3/admin/reports/');

export const decide = (item: QueueItem, decision: Decision, reason: string, proof: { password?: string; code?: string }) =>
  call<{ closed: number }>('/v3/admin/reports/decide/', { object_kind: item.object_kind, object_id: item.object_id, decision, reason, ...proof });
