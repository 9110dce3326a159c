import type { REPORT_REASONS } from '../../../api/src/reports/contract';
import { v3 as post } from '../api';

export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportKind = 'pin' | 'board' | 'user';

export const sendReport = (kind: ReportKind, id: string, reason: ReportReason, note: string) =>
  post<{ created: boolean }>('/v3/reports/', { object_kind: kind, object_id: id, reason, ...(note.trim() ? { note: note.trim() } : {}) });

export const hideReported = (kind: 'pin' | 'board', id: string) => post<{ hidden: true }>('/v3/reports/hide/', { object_kind: kind, object_id: id });

export const sendAppeal = (kind: 'pin' | 'board', id: string, note: string) =>
  post<{ appealed: true }>('/v3/reports/appeal/', { object_kind: kind, object_id: id, ...(note.trim() ? { note: note.trim() } : {}) });
