import type { ErrorBody } from '../../../api/src/lib/envelope';
import type { REPORT_REASONS } from '../../../api/src/reports/contract';
import { ResourceError } from '../api';

export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportKind = 'pin' | 'board' | 'user';

/** The reporting routes answer in the envelope; an error comes back as a ResourceError with the server's words. */
async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).catch(() => null);
  const json = (await response?.json().catch(() => null)) as { resource_response?: { data?: T; error?: ErrorBody } } | null;
  const answer = json?.resource_response;
  if (!answer) throw new ResourceError({ api_error_code: 0, http_status: response?.status ?? 0, message: 'Sorry! Something went wrong on our end.' });
  if (answer.error) throw new ResourceError(answer.error);
  return answer.data as T;
}

export const sendReport = (kind: ReportKind, id: string, reason: ReportReason, note: string) =>
  post<{ created: boolean }>('/v3/reports/', { object_kind: kind, object_id: id, reason, ...(note.trim() ? { note: note.trim() } : {}) });

export const hideReported = (kind: 'pin' | 'board', id: string) => post<{ hidden: true }>('/v3/reports/hide/', { object_kind: kind, object_id: id });

export const sendAppeal = (kind: 'pin' | 'board', id: string, note: string) =>
  post<{ appealed: true }>('/v3/reports/appeal/', { object_kind: kind, object_id: id, ...(note.trim() ? { note: note.trim() } : {}) });
