/**
 * The product's own first path segments, read from its route table: `/v3/pins/:id/` is ours at `v3`,
 * `/:username/` is nobody's. Pure, so a route added to the table is reserved by itself (a username
 * must never be one: /{username}/ would be that route's page, or the route the profile's).
 */

/** The literal first segment of a route's path, lower-cased; null for a parameter, a wildcard or the root. */
export function firstSegmentOf(path: string): string | null {
  const first = path.split('/').find((part) => part !== '') ?? '';
  if (first === '' || first.startsWith(':') || first.includes('*')) return null;
  return first.toLowerCase();
}

/** Every literal first segment of a route table. */
export function ownFirstSegments(paths: Iterable<string>): Set<string> {
  const segments = new Set<string>();
  for (const path of paths) {
    const segment = firstSegmentOf(path);
    if (segment !== null) segments.add(segment);
  }
  return segments;
}
