import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { copyMediaDir } from './copy.js';
import { mediaObjects } from '../storage/index.js';
import { startLocalS3, type LocalS3 } from '../storage/testing-s3.js';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3('copy');
});
afterAll(() => s3?.stop());

/** A MEDIA_DIR as a server leaves it: renditions, a staged upload, a video, and files still arriving. */
function mediaDir() {
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-copy-'));
  mkdirSync(join(dir, '111'));
  for (const r of ['236x', '474x', '736x', 'originals']) writeFileSync(join(dir, '111', `${r}.jpg`), `jpeg ${r}`);
  mkdirSync(join(dir, 'uploads'));
  writeFileSync(join(dir, 'uploads', '222.upload'), 'staged');
  writeFileSync(join(dir, 'uploads', '333.part'), 'arriving');
  mkdirSync(join(dir, 'videos'));
  writeFileSync(join(dir, 'videos', '444.mp4'), 'video bytes');
  mkdirSync(join(dir, '.partial-555.dead'));
  writeFileSync(join(dir, '.partial-555.dead', '236x.jpg'), 'half');
  return dir;
}

describe('npm run admin -- media-copy', () => {
  it('copies every rendition, staged upload and video into the bucket under the same keys, and nothing still arriving', async () => {
    const dir = mediaDir();
    const bucket = mediaObjects({ ...loadConfig({ NODE_ENV: 'test' }), ...s3.config('copied') });
    expect(await copyMediaDir(dir, bucket)).toEqual({ copied: 6, skipped: 0, bytes: 9 * 3 + 14 + 6 + 11 });
    expect((await bucket.list('')).map((o) => o.key)).toEqual([
      '111/236x.jpg',
      '111/474x.jpg',
      '111/736x.jpg',
      '111/originals.jpg',
      'uploads/222.upload',
      'videos/444.mp4',
    ]);
    expect((await bucket.read('videos/444.mp4'))?.toString()).toBe('video bytes');
    // The directory is left as it was.
    expect((await mediaObjects({ ...loadConfig({ NODE_ENV: 'test' }), mediaDir: dir }).list('')).length).toBe(6);
  });

  it('run again, copies nothing; after a cut (one object missing, one short), copies just those', async () => {
    const dir = mediaDir();
    const bucket = mediaObjects({ ...loadConfig({ NODE_ENV: 'test' }), ...s3.config('again') });
    await copyMediaDir(dir, bucket);
    expect(await copyMediaDir(dir, bucket)).toMatchObject({ copied: 0, skipped: 6 });
    await bucket.delete('111/474x.jpg');
    await bucket.putSet('videos', { '444.mp4': Buffer.from('vid') }, 'video/mp4');
    expect(await copyMediaDir(dir, bucket)).toMatchObject({ copied: 2, skipped: 4 });
    expect((await bucket.read('videos/444.mp4'))?.toString()).toBe('video bytes');
  });
});
