/**
 * A board or section made on the mobile picker's own create page, handed back
 * to the create page it came from so the pin is saved to it there ("creating a board on mobile
 * saves the pin to it"). It travels in this tab's sessionStorage, never in the URL: a link that named a
 * board in its query could make a page save a pin with no tap of the user's.
 */
const KEY = 'corkboard_created_target';

export interface CreatedTarget {
  boardId: string;
  sectionId?: string;
}

export function rememberCreated(returnTo: string, target: CreatedTarget): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ returnTo, ...target }));
  } catch {
    // No storage: the picker lists the new board, and one tap saves to it.
  }
}

/** The target made for this page (its address as the browser reads it, `location.href`), taken once. */
export function takeCreated(here: string): CreatedTarget | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { returnTo?: unknown; boardId?: unknown; sectionId?: unknown };
    if (typeof value.returnTo !== 'string' || new URL(value.returnTo, here).href !== here) return null;
    sessionStorage.removeItem(KEY);
    if (typeof value.boardId !== 'string' || !/^\d{1,20}$/.test(value.boardId)) return null;
    const sectionId = typeof value.sectionId === 'string' && /^\d{1,20}$/.test(value.sectionId) ? value.sectionId : undefined;
    return { boardId: value.boardId, ...(sectionId ? { sectionId } : {}) };
  } catch {
    return null;
  }
}
