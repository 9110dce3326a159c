import { createHash, randomBytes, randomFillSync } from 'node:crypto';

/**
 * Random 64-bit numbers drawn 256 at a time and each used once (as crypto.randomUUID batches its
 * entropy): one call into OpenSSL per id was 3 % of a save's CPU under load.
 */
const randomPool = new BigUint64Array(256);
let nextRandom = randomPool.length;

/** A random 18-digit decimal id, the shape of the product's pin and board ids. */
export function newId(): string {
  if (nextRandom === randomPool.length) {
    randomFillSync(randomPool);
    nextRandom = 0;
  }
  const n = randomPool[nextRandom++]! % 900_000_000_000_000_000n;
  return (n + 100_000_000_000_000_000n).toString();
}

/** An unguessable token for cookies and links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A URL path segment made from a name: 'Home décor!' becomes 'home-decor'. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'board';
}
