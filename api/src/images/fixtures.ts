import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * A real image host on loopback for tests (one per test worker): tests save pins whose images the
 * server really downloads, sniffs and re-encodes. Its origin goes into config.outboundAllow.
 *   /{name}.png?w=&h=   a w by h PNG (600 by 400 unless told), its colour taken from the name
 *   /not-an-image.png   text served as image/png
 *   /bomb.png           a tiny file whose header claims 50,000 by 50,000 pixels
 *   /missing.png        404
 */
export interface ImageFixtures {
  origin: string;
  url(name: string, size?: { w: number; h: number }): string;
}

let started: Promise<ImageFixtures> | undefined;

export function imageFixtures(): Promise<ImageFixtures> {
  started ??= new Promise((resolve) => {
    const server: Server = createServer((req, res) => {
      void answer(req.url ?? '/').then(({ status, type, body }) => {
        res.writeHead(status, { 'content-type': type, 'content-length': body.length });
        res.end(body);
      });
    });
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({ origin, url: (name, size) => `${origin}/${name}.png${size ? `?w=${size.w}&h=${size.h}` : ''}` });
    });
  });
  return started;
}

async function answer(path: string): Promise<{ status: number; type: string; body: Buffer }> {
  const url = new URL(path, 'http://fixture');
  if (url.pathname === '/not-an-image.png') return { status: 200, type: 'image/png', body: Buffer.from('<html>surely an image</html>') };
  if (url.pathname === '/bomb.png') return { status: 200, type: 'image/png', body: pngHeaderOnly(50_000, 50_000) };
  if (url.pathname === '/missing.png') return { status: 404, type: 'text/plain', body: Buffer.from('not here') };
  const name = /^\/([\w-]+)\.png$/.exec(url.pathname)?.[1];
  if (!name) return { status: 404, type: 'text/plain', body: Buffer.from('not here') };
  const w = Number(url.searchParams.get('w') ?? 600);
  const h = Number(url.searchParams.get('h') ?? 400);
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const background = { r: hash & 255, g: (hash >> 8) & 255, b: (hash >> 16) & 255 };
  const body = await sharp({ create: { width: w, height: h, channels: 3, background } })
    .png()
    .toBuffer();
  return { status: 200, type: 'image/png', body };
}

/** A PNG signature and header for a huge image, with one tiny compressed row: a decompression bomb's shape. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([length, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
