/**
 * The pin builder's step statuses: attempted, publishing, succeeded, uploading;
 * also processing, edited, creating, saving, saved. The busy ones are processing, publishing, saving;
 * uploading is busy too here, as the bytes are still on their way.
 */
import type { english } from './messages';

export const BUILDER_STATUSES = ['idle', 'attempted', 'uploading', 'processing', 'edited', 'creating', 'publishing', 'saving', 'saved', 'succeeded'] as const;
export type BuilderStatus = (typeof BUILDER_STATUSES)[number];

export const BUSY_STATUSES: ReadonlySet<BuilderStatus> = new Set(['uploading', 'processing', 'publishing', 'saving']);

/** What the builder says during each step a user sees: its key in builder/messages.ts. */
export const STATUS_TEXT = {
  uploading: 'uploading',
  processing: 'processing',
  edited: 'edited',
  publishing: 'publishing',
  saved: 'saved',
} as const satisfies Partial<Record<BuilderStatus, keyof typeof english>>;
