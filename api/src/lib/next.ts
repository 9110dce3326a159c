const BASE = 'http://next.invalid';

/**
 * A `next` or redirect target reduced to a same-origin path, or the fallback. Refuses
 * protocol-relative (`//host`), backslashes, schemes, control characters and the same
 * tricks percent-encoded once or several times.
 */
export function safeNext(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  let decoded = value;
  for (let i = 0; i < 3; i++) {
    if (!isSafePath(decoded)) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (!isSafePath(decoded)) return fallback;
  const url = new URL(value, BASE);
  if (url.origin !== BASE) return fallback;
  return url.pathname + url.search + url.hash;
}

function isSafePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !/[\u0000-\u001f\u007f]/.test(path);
}
