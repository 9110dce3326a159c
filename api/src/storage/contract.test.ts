import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { localObjects } from './local.js';
import { mediaObjects } from './index.js';
import { startLocalS3, type LocalS3 } from './testing-s3.js';
import type { MediaObjects, Opened } from './types.js';

/**
 * The media store's contract, held by both backends: the MEDIA_DIR directory and an
 * S3-compatible bucket (s3rver, in this process, on loopback). Each test takes a store of its own (a fresh
 * directory, or a fresh prefix in the one bucket).
 */
let s3: LocalS3;
let fresh = 0;
beforeAll(async () => {
  s3 = await startLocalS3('contract');
});
afterAll(() => s3?.stop());

const backends: Array<[string, () => MediaObjects]> = [
  ['local directory', () => localObjects(mkdtempSync(join(tmpdir(), 'corkboard-objects-')))],
  ['S3 bucket', () => mediaObjects({ ...loadConfig({ NODE_ENV: 'test' }), ...s3.config(`run-${process.pid}/${++fresh}`) })],
];

const text = async (store: MediaObjects, key: string) => (await store.read(key))?.toString();

/** An opened object's bytes, whether they came whole or streamed. */
async function bytesOf(opened: Opened): Promise<string> {
  if (opened.bytes) return Buffer.from(opened.bytes).toString();
  const chunks: Buffer[] = [];
  for await (const chunk of opened.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
}

describe.each(backends)('the media store on a %s', (_name, make) => {
  it('a set written is read back whole, listed under its directory, and streamed with its size and an ETag', async () => {
    const store = make();
    await store.putSet('123', { 'a.jpg': Buffer.from('first'), 'b.jpg': Buffer.from('second!') }, 'image/jpeg');
    expect(await text(store, '123/a.jpg')).toBe('first');
    expect((await store.list('123/')).map((o) => o.key)).toEqual(['123/a.jpg', '123/b.jpg']);
    const opened = await store.open('123/b.jpg');
    expect(opened?.info.size).toBe(7);
    expect(opened?.info.etag).toMatch(/^"[^"]+"$/);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('second!');
    // The same object opened again names the same ETag: a browser's copy stays valid.
    const again = await store.open('123/b.jpg');
    again?.body.destroy();
    expect(again?.info.etag).toBe(opened?.info.etag);
  });

  it('a small object opened for an answer has its bytes and ETag, whole or streamed, every time', async () => {
    const store = make();
    await store.putSet('124', { 'a.jpg': Buffer.from('small'), 'b.jpg': Buffer.from('larger than ten') }, 'image/jpeg');
    const plain = await store.open('124/a.jpg');
    plain?.body.destroy();
    for (let time = 0; time < 2; time++) {
      const small = await store.openSmall('124/a.jpg', 10);
      expect(small?.info).toEqual(plain?.info);
      expect(await bytesOf(small!)).toBe('small');
    }
    // Over the limit: streamed, as open() gives it.
    const large = await store.openSmall('124/b.jpg', 10);
    expect(large?.body).toBeDefined();
    expect(await bytesOf(large!)).toBe('larger than ten');
    expect(await store.openSmall('404/a.jpg', 10)).toBeUndefined();
  });

  it('nothing under a key is undefined, not an error', async () => {
    const store = make();
    expect(await store.open('404/a.jpg')).toBeUndefined();
    expect(await store.read('uploads/404.upload')).toBeUndefined();
    expect(await store.list('404/')).toEqual([]);
    await store.delete('404/a.jpg');
    await store.deleteDir('404');
  });

  it('a finished local file moves in under its key and is gone from where it was', async () => {
    const store = make();
    const dir = mkdtempSync(join(tmpdir(), 'corkboard-arriving-'));
    const file = join(dir, '77.part');
    writeFileSync(file, 'the whole upload');
    await store.putFile('uploads/77.upload', file, 'application/octet-stream');
    expect(existsSync(file)).toBe(false);
    expect(await text(store, 'uploads/77.upload')).toBe('the whole upload');
    const [listed] = await store.list('uploads/');
    expect(listed?.key).toBe('uploads/77.upload');
    expect(Math.abs(listed!.modifiedMs - Date.now())).toBeLessThan(60_000);
  });

  it('deletes one object, or a directory of them, leaving the rest', async () => {
    const store = make();
    await store.putSet('5', { 'a.jpg': Buffer.from('a'), 'b.jpg': Buffer.from('b') }, 'image/jpeg');
    await store.putSet('6', { 'a.jpg': Buffer.from('a') }, 'image/jpeg');
    await store.delete('5/a.jpg');
    expect(await store.read('5/a.jpg')).toBeUndefined();
    expect(await text(store, '5/b.jpg')).toBe('b');
    await store.deleteDir('5');
    expect(await store.list('5/')).toEqual([]);
    expect(await text(store, '6/a.jpg')).toBe('a');
  });

  it('refuses a key that is not ours (climbing out, absolute, empty parts)', async () => {
    const store = make();
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/./b', '']) await expect(store.read(key)).rejects.toThrow(/Not a media key/);
  });

  it('answers its readiness check', async () => {
    await expect(make().check()).resolves.toBeUndefined();
  });
});

describe('the local store, small objects from memory', () => {
  it('comes whole and keeps it, yet a file deleted behind its back, or deleted through it, is gone at once', async () => {
    const root = mkdtempSync(join(tmpdir(), 'corkboard-objects-'));
    const store = localObjects(root);
    await store.putSet('125', { 'a.jpg': Buffer.from('kept'), 'b.jpg': Buffer.from('also') }, 'image/jpeg');
    expect((await store.openSmall('125/a.jpg', 1024))?.bytes).toBeDefined();
    expect((await store.openSmall('125/b.jpg', 1024))?.bytes).toBeDefined();
    // Another process (a second worker, an operator) removes the file: the bytes in memory are not answered.
    rmSync(join(root, '125', 'a.jpg'));
    expect(await store.openSmall('125/a.jpg', 1024)).toBeUndefined();
    await store.deleteDir('125');
    expect(await store.openSmall('125/b.jpg', 1024)).toBeUndefined();
  });

  it('does not answer the bytes it kept for a file written again under the same key', async () => {
    const root = mkdtempSync(join(tmpdir(), 'corkboard-objects-'));
    const store = localObjects(root);
    await store.putSet('126', { 'a.jpg': Buffer.from('first') }, 'image/jpeg');
    expect(Buffer.from((await store.openSmall('126/a.jpg', 1024))!.bytes!).toString()).toBe('first');
    // Keys are never rewritten by the product; were one (a restore from backup), its size and time name it anew.
    rmSync(join(root, '126'), { recursive: true });
    await store.putSet('126', { 'a.jpg': Buffer.from('second, longer') }, 'image/jpeg');
    expect(Buffer.from((await store.openSmall('126/a.jpg', 1024))!.bytes!).toString()).toBe('second, longer');
  });
});

describe('the S3 store', () => {
  it('fails its readiness check when the bucket does not exist, with the reason', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test' }), ...s3.config('x') };
    const missing = mediaObjects({ ...config, mediaStore: { kind: 's3', bucket: 'no-such-bucket', prefix: '' } });
    await expect(missing.check()).rejects.toBeDefined();
  });

  it('keeps keys under its prefix: another prefix in the same bucket sees none of them', async () => {
    const base = loadConfig({ NODE_ENV: 'test' });
    const one = mediaObjects({ ...base, ...s3.config('tenant-one') });
    const two = mediaObjects({ ...base, ...s3.config('tenant-two') });
    await one.putSet('9', { 'a.jpg': Buffer.from('one') }, 'image/jpeg');
    expect(await two.read('9/a.jpg')).toBeUndefined();
    expect(one.where).toBe('s3://contract/tenant-one');
  });
});
