import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/errors.js';
import { imageEditOptions } from './contract.js';
import { editImage } from './edit.js';
import { cropForAspect, cropPixels } from './rules.js';

const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
const limits = { maxPixels: 40_000_000 };

describe('an edit as sent', () => {
  const ok = (options: unknown) => imageEditOptions.safeParse(options).success;
  it('takes a quarter-turn rotation and a crop inside the image, whole by default', () => {
    expect(imageEditOptions.parse({ id: '12' })).toEqual({ id: '12', rotate: 0, crop: { x: 0, y: 0, width: 1, height: 1 } });
    for (const rotate of [0, 90, 180, 270]) expect(ok({ id: '12', rotate })).toBe(true);
    expect(ok({ id: '12', crop: { x: 0.25, y: 0, width: 0.5, height: 1 } })).toBe(true);
  });
  it('refuses other angles, fractions outside 0 to 1, a sliver, a crop past an edge, strings and extra keys', () => {
    for (const rotate of [45, -90, 360, '90', 90.5, null]) expect(ok({ id: '12', rotate })).toBe(false);
    expect(ok({ id: '12', crop: { x: -0.1, y: 0, width: 0.5, height: 0.5 } })).toBe(false);
    expect(ok({ id: '12', crop: { x: 0, y: 0, width: 1.5, height: 1 } })).toBe(false);
    expect(ok({ id: '12', crop: { x: 0, y: 0, width: 0.01, height: 1 } })).toBe(false);
    expect(ok({ id: '12', crop: { x: 0.6, y: 0, width: 0.5, height: 1 } })).toBe(false);
    expect(ok({ id: '12', crop: { x: '0', y: 0, width: 1, height: 1 } })).toBe(false);
    expect(ok({ id: '12', crop: { x: 0, y: 0, width: 1, height: 1, z: 1 } })).toBe(false);
    expect(ok({ id: '12', scale: 2 })).toBe(false);
    expect(ok({ id: '../12' })).toBe(false);
  });
});

describe('aspects', () => {
  it('the largest centred crop with the aspect', () => {
    expect(cropPixels(1200, 800, cropForAspect(1200, 800, 1))).toEqual({ left: 200, top: 0, width: 800, height: 800 });
    const portrait = cropForAspect(800, 800, 2 / 3);
    expect(cropPixels(800, 800, portrait)).toMatchObject({ width: 533, height: 800 });
    expect(cropPixels(400, 1000, cropForAspect(400, 1000, 4 / 5))).toEqual({ left: 0, top: 250, width: 400, height: 500 });
    expect(cropForAspect(400, 1000, null)).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });
});

describe('editImage', () => {
  it('turns, then crops the turned image', async () => {
    const turned = await editImage(await jpeg(600, 400), { rotate: 90, crop: { x: 0, y: 0, width: 1, height: 1 } }, limits);
    expect(await sharp(turned.bytes).metadata()).toMatchObject({ width: 400, height: 600 });
    // 400 by 600 once turned; square: 400 by 400 from its middle.
    const square = await editImage(await jpeg(600, 400), { rotate: 90, crop: cropForAspect(400, 600, 1) }, limits);
    expect(square).toMatchObject({ width: 400, height: 400 });
    expect(await sharp(square.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
    const free = await editImage(await jpeg(1000, 500), { rotate: 180, crop: { x: 0.1, y: 0.2, width: 0.5, height: 0.6 } }, limits);
    expect(await sharp(free.bytes).metadata()).toMatchObject({ width: 500, height: 300 });
  });

  it('refuses a result no larger than an upload may be, before decoding', async () => {
    const error = await editImage(await jpeg(600, 400), { rotate: 0, crop: { x: 0, y: 0, width: 0.1, height: 1 } }, limits).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errorName: 'image_edit_too_small', code: 2203 });
  });

  it('refuses an original over the pixel cap', async () => {
    await expect(editImage(await jpeg(600, 400), { rotate: 0, crop: { x: 0, y: 0, width: 1, height: 1 } }, { maxPixels: 1000 })).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});
