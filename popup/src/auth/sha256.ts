/**
 * SHA-256 of a short string, synchronous, as lower-case hex: the log-in challenge's solver. WebCrypto's
 * digest is asynchronous, and one awaited call per number costs 30-100 µs of round trip, about fifty
 * times the hash itself, so a browser paid for the await while a script hashing natively paid
 * milliseconds. Hashing here, in a tight loop, lets the challenge cost a browser and a script about
 * the same (docs/decisions.md, "Security: per-client limits").
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const W = new Uint32Array(64);
const H = new Int32Array(8);
const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** Reused for short ASCII messages (the solver's salt + n): no allocation per hash. */
const SHORT = new Uint8Array(128);
const SHORT_VIEW = new DataView(SHORT.buffer);

export function sha256Hex(text: string): string {
  let bytes: Uint8Array;
  let length = text.length;
  // ASCII up to 119 characters fits two blocks with its padding: written in place.
  let ascii = length <= 119;
  for (let i = 0; ascii && i < length; i++) if (text.charCodeAt(i) > 0x7f) ascii = false;
  if (ascii) {
    bytes = SHORT;
    for (let i = 0; i < length; i++) SHORT[i] = text.charCodeAt(i);
  } else {
    bytes = encoder.encode(text);
    length = bytes.length;
  }
  // Message, the 0x80 byte, zeros, then the bit length in the last 8 bytes of a 64-byte block.
  const size = Math.ceil((length + 9) / 64) * 64;
  const padded = ascii ? SHORT : new Uint8Array(size);
  if (!ascii) padded.set(bytes);
  padded.fill(0, length, size);
  padded[length] = 0x80;
  const view = ascii ? SHORT_VIEW : new DataView(padded.buffer);
  view.setUint32(size - 8, Math.floor((length * 8) / 0x100000000));
  view.setUint32(size - 4, (length * 8) >>> 0);

  H[0] = 0x6a09e667;
  H[1] = 0xbb67ae85;
  H[2] = 0x3c6ef372;
  H[3] = 0xa54ff53a;
  H[4] = 0x510e527f;
  H[5] = 0x9b05688c;
  H[6] = 0x1f83d9ab;
  H[7] = 0x5be0cd19;
  for (let offset = 0; offset < size; offset += 64) {
    for (let i = 0; i < 16; i++) W[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = W[i - 15]!,
        b = W[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
    }
    let a: number = H[0]!,
      b: number = H[1]!,
      c: number = H[2]!,
      d: number = H[3]!,
      e: number = H[4]!,
      f: number = H[5]!,
      g: number = H[6]!,
      h: number = H[7]!;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    H[0] = (H[0]! + a) | 0;
    H[1] = (H[1]! + b) | 0;
    H[2] = (H[2]! + c) | 0;
    H[3] = (H[3]! + d) | 0;
    H[4] = (H[4]! + e) | 0;
    H[5] = (H[5]! + f) | 0;
    H[6] = (H[6]! + g) | 0;
    H[7] = (H[7]! + h) | 0;
  }
  let hex = '';
  for (let i = 0; i < 8; i++) {
    const word = H[i]!;
    hex += HEX[(word >>> 24) & 0xff]! + HEX[(word >>> 16) & 0xff]! + HEX[(word >>> 8) & 0xff]! + HEX[word & 0xff]!;
  }
  return hex;
}

/**
 * The number n in [start, end) whose SHA-256 of salt + n is `challenge`, or null. Synchronous: the
 * caller runs it in slices so the page stays responsive.
 */
export function searchSlice(challenge: string, salt: string, start: number, end: number): number | null {
  for (let n = start; n < end; n++) if (sha256Hex(salt + n) === challenge) return n;
  return null;
}
