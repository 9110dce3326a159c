/** A face pile shows this many people, and a 'more' count beyond them. */
export const FACE_PILE_SIZE = 3;

/**
 * Collaborators listed owner first, then the viewer, then the others by full name.
 */
export function orderCollaborators<T extends { id: string; full_name: string }>(people: T[], ownerId: string, viewerId: string | null): T[] {
  const rank = (p: T) => (p.id === ownerId ? 0 : p.id === viewerId ? 1 : 2);
  return [...people].sort((a, b) => rank(a) - rank(b) || a.full_name.localeCompare(b.full_name));
}
