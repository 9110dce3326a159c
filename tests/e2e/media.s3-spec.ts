import { expect, test } from '@playwright/test';
import { PRODUCT } from './origins';
import { readRows } from './db';
import { mediaOfTheRun } from './s3/run';

/**
 * Runs only in the S3 run (playwright.s3.config.ts), after the save-flow specs: what they saved is in the
 * bucket, not in the server's MEDIA_DIR, and /media/ streams it with an ETag, a 304 for a browser that has it.
 */
test('the images the run saved are in the bucket, served from it with an ETag and a 304 on revalidation', async ({ request }) => {
  const images = readRows<{ id: string }>('select id from images');
  expect(images.length).toBeGreaterThan(0);
  const { keys, localFiles } = await mediaOfTheRun();
  for (const { id } of images) expect(keys).toEqual(expect.arrayContaining([`${id}/236x.jpg`, `${id}/474x.jpg`, `${id}/736x.jpg`, `${id}/originals.jpg`]));
  expect(localFiles).toEqual([]);
  const first = await request.get(`${PRODUCT}/media/${images[0]!.id}/474x.jpg`);
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toBe('image/jpeg');
  const etag = first.headers().etag!;
  expect(etag).toMatch(/^"[^"]+"$/);
  const again = await request.get(`${PRODUCT}/media/${images[0]!.id}/474x.jpg`, { headers: { 'if-none-match': etag } });
  expect(again.status()).toBe(304);
});
