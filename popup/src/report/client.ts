import type { REPORT_REASONS } from '../../../api/src/reports/rules';
import { v3 } from '../api';

export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportKind = 'pin' | 'board' | 'user';

export const sendReport = (kind: ReportKind, id: string, reason: ReportReason, note: string) =>
  v3('/v3/reports/', { body: { object_kind: kind, object_id: id, reason, ...(note.trim() ? { note: note.trim() } : {}) } });

export const hideReported = (kind: 'pin' | 'board', id: string) => v3('/v3/reports/hide/', { body: { object_kind: kind, object_id: id } });

export const sendAppeal = (kind: 'pin' | 'board', id: string, note: string) =>
  v3('/v3/reports/appeal/', { body: { object_kind: kind, object_id: id, ...(note.trim() ? { note: note.trim() } : {}) } });
