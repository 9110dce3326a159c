import { z } from 'zod';
import type { ExpressionBuilder, ReferenceExpression } from 'kysely';

/** The end of a listing is reached when the next bookmark equals the end marker. */
export const FEED_END = '-end-';

/**
 * Keyset bookmarks of the product's listings (board feed, profile boards, home pins, followers):
 * `{created_at}:{id}` of a page's last row, so a row added meanwhile does not shift the pages.
 */
export const bookmarkOption = z
  .string()
  .refine((v) => v === FEED_END || /^\d{1,16}:\d{1,20}$/.test(v), 'Must be a bookmark this feed gave.')
  .nullish()
  .transform((v) => v ?? undefined);

/** A page's last row, as a bookmark names it. */
export type Bookmark = { createdAt: number; id: string };

/** Where a page starts: null for the first page. (The end marker is answered before this is asked.) */
export function readBookmark(bookmark: string | undefined): Bookmark | null {
  const [createdAt, id] = bookmark?.split(':') ?? [];
  return createdAt && id ? { createdAt: Number(createdAt), id } : null;
}

/** A page from `limit + 1` rows: the page, and the bookmark of the next one (or the end marker). */
export function pageOf<T extends { created_at: number; id: string }>(rows: T[], limit: number): { page: T[]; bookmark: string } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, bookmark: rows.length > limit && last ? `${last.created_at}:${last.id}` : FEED_END };
}

/**
 * The rows after a bookmark in a newest-first listing ordered by (createdAt, id) descending: older, or
 * as old with a smaller id. Kept as the OR every listing wrote before (not a row comparison), so their
 * query plans stay as they were; the one piece of SQL in this file, so that the listings page alike.
 */
export function olderThan<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  createdAt: ReferenceExpression<DB, TB>,
  id: ReferenceExpression<DB, TB>,
  after: Bookmark,
) {
  return eb.or([eb(createdAt, '<', after.createdAt), eb.and([eb(createdAt, '=', after.createdAt), eb(id, '<', after.id)])]);
}
