const BASE = 'http://next.invalid';
/** Percent-encoding layers peeled before a target is judged; more than this is refused outright. */
const MAX_LAYERS = 3;

/**
 * A `next` or redirect target reduced to a same-origin path, or the fallback. The one function every
 * redirect built from input goes through (log-in, sign-up, the board and section create pages, the
 * client-side bounce of a logged-in viewer).
 *
 * It judges the target as a browser will read it, not as it was written: the value is normalised
 * (dot segments, `%2e` segments) and the result must still be a path on our origin that does not
 * start with `//` or `/\` (`/.//evil.example` normalises to `//evil.example`, a protocol-relative
 * URL). Each percent-decoded reading of the value is held to the same rule, so a server or proxy
 * that decodes once more cannot turn it into another host either. Backslashes, control characters,
 * schemes and undecodable escapes are refused.
 */
export function safeNext(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  let layer = value;
  for (let i = 0; ; i++) {
    if (normalised(layer) === null) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      // The value as written must decode. A deeper reading may hold a literal '%' (a page URL carried
      // in a query, `?q=100%25`); there only the ASCII escapes that could spell '/', '\\' or '.' matter.
      if (i === 0) return fallback;
      decoded = layer.replace(/%[0-7][0-9a-f]/gi, (code) => String.fromCharCode(parseInt(code.slice(1), 16)));
    }
    if (decoded === layer) break;
    if (i === MAX_LAYERS) return fallback;
    layer = decoded;
  }
  return normalised(value) ?? fallback;
}

/** The path a browser makes of `path` on our origin, or null when it is not a plain path there. */
function normalised(path: string): string | null {
  if (!isPlainPath(path)) return null;
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const out = url.pathname + url.search + url.hash;
  return isPlainPath(out) ? out : null;
}

function isPlainPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && !/[\u0000-\u001f\u007f]/.test(path);
}
