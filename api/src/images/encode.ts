import sharp from 'sharp';
import { ApiError } from '../lib/errors.js';
import { sniffImage } from './rules/sniff.js';
import type { ImageGate } from './work.js';

/** The image resolutions, and the minimum side of a pinnable image. */
export const WIDTHS = [236, 474, 736] as const;
export type Rendition = `${(typeof WIDTHS)[number]}x` | 'originals';
export const RENDITIONS: readonly Rendition[] = ['236x', '474x', '736x', 'originals'];
export const MIN_SIDE = 119;
/** Decoded size cap by default (IMAGE_MAX_PIXELS): a small file that unpacks into billions of pixels (a decompression bomb) is refused. */
export const MAX_PIXELS = 40_000_000;

export interface Encoded {
  width: number;
  height: number;
  dominantColor: string;
  files: Record<Rendition, Buffer>;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/** What a re-encode may take: the largest image, and the gate that shares the machine out (images/work.ts). */
export interface EncodeLimits {
  maxPixels: number;
  gate?: ImageGate;
}

/**
 * Re-encodes a downloaded image: sniffed by its bytes, its size read from the header and checked
 * before any pixel is decoded, then written anew (so nothing of the original file survives) as
 * JPEG at each width, never enlarged, plus the original size, with its dominant colour.
 *
 * The pixels are decoded once (rotated, flattened) and every rendition is made from that frame: each
 * rendition used to decode the file again, four decodes per image. The JPEGs are libjpeg-turbo's with
 * optimised Huffman tables rather than mozjpeg's: mozjpeg's trellis search made the re-encode about three
 * times as expensive (41 against 17 ms of CPU for a 600 by 400 image) for files a few percent smaller,
 * and the ingest queue has to keep up with the saves.
 */
/**
 * An image's size as it stands upright (after its EXIF orientation), read from its header only, and refused
 * over the pixel cap before anything is decoded.
 */
export async function uprightSize(bytes: Buffer, maxPixels: number): Promise<{ width: number; height: number }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError('image_invalid', 'The image could not be read.');
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > maxPixels) throw new ApiError('image_too_large', `The image is ${width} by ${height} pixels; the limit is ${maxPixels} pixels.`);
  return { width, height };
}

export async function encodeImage(bytes: Buffer, limits: EncodeLimits = { maxPixels: MAX_PIXELS }): Promise<Encoded> {
  if (!sniffImage(bytes)) throw new ApiError('image_invalid', 'The file is not a JPEG, PNG, GIF or WebP image.');
  const { maxPixels } = limits;
  const { width, height } = await uprightSize(bytes, maxPixels);
  if (width <= MIN_SIDE || height <= MIN_SIDE) throw new ApiError('image_invalid', `Images must be larger than ${MIN_SIDE} by ${MIN_SIDE} pixels.`);

  const work = async () => {
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
        .rotate()
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const frame = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      const files = {} as Record<Rendition, Buffer>;
      for (const w of WIDTHS)
        files[`${w}x`] = await frame().resize({ width: w, withoutEnlargement: true }).jpeg({ quality: 85, optimiseCoding: true }).toBuffer();
      files.originals = await frame().jpeg({ quality: 90, optimiseCoding: true }).toBuffer();
      const { dominant } = await sharp(files['236x']).stats();
      return { width, height, dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`, files };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError('image_invalid', 'The image could not be decoded.');
    }
  };
  return limits.gate ? limits.gate.run(width * height, work) : work();
}

/** The renditions that also have an AVIF beside their JPEG (the original stays JPEG only: it is for download). */
export const AVIF_RENDITIONS = ['236x', '474x', '736x'] as const;
export type AvifRendition = (typeof AVIF_RENDITIONS)[number];
/**
 * libaom through sharp, full-resolution colour (4:4:4, which costs these pictures nothing in bytes), effort 3,
 * a quality per size: the AVIF must look at least as good as the JPEG it replaces, measured as SSIM against
 * the original at that size (BENCH=pictures; photo-like images, smooth colour fields with grain).
 * - 236 px (a desktop tile, most of a first screen): quality 80 is 0.64 of the JPEG's bytes at an SSIM equal
 *   to it (0.9940 against 0.9939); 81 is 0.69 and 0.9942.
 * - 474 px: quality 76 is 0.53 of the bytes at 0.9887 against 0.9882.
 * - 736 px (a 2x phone's tile): quality 75 is 0.62 at 0.9935 against 0.9949; matching the JPEG here takes 78
 *   and 0.82 of its bytes, so the phone's tile is 0.0014 short, the one size that is.
 * Effort 3, not 2: at these sizes it costs the same CPU (libaom's speed presets change between them) and makes
 * files 0.7 of effort 2's at a higher SSIM. Effort 4 (sharp's default) is a few percent smaller again but
 * costs 3 to 6 times the CPU, and this work shares the machine with the ingest queue.
 */
export const AVIF_OPTIONS: Record<AvifRendition, { quality: number; effort: number; chromaSubsampling: '4:4:4' }> = {
  '236x': { quality: 80, effort: 3, chromaSubsampling: '4:4:4' },
  '474x': { quality: 76, effort: 3, chromaSubsampling: '4:4:4' },
  '736x': { quality: 75, effort: 3, chromaSubsampling: '4:4:4' },
};

/**
 * AVIF renditions made from an image's stored original (our own JPEG at quality 90, already checked and
 * re-encoded once): never enlarged, under the same pixel cap and the same gate as every other re-encode,
 * so a hostile image cannot make this encode larger than the ingest that accepted it.
 */
export async function encodeAvif(original: Buffer, limits: EncodeLimits = { maxPixels: MAX_PIXELS }): Promise<Record<AvifRendition, Buffer>> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(original, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError('image_invalid', 'The image could not be read.');
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (!pixels || pixels > limits.maxPixels)
    throw new ApiError('image_too_large', `The image is ${meta.width} by ${meta.height} pixels; the limit is ${limits.maxPixels} pixels.`);
  const work = async () => {
    const files = {} as Record<AvifRendition, Buffer>;
    for (const name of AVIF_RENDITIONS) {
      files[name] = await sharp(original, { limitInputPixels: limits.maxPixels, failOn: 'error' })
        .resize({ width: Number.parseInt(name, 10), withoutEnlargement: true })
        .avif(AVIF_OPTIONS[name])
        .toBuffer();
    }
    return files;
  };
  return limits.gate ? limits.gate.run(pixels, work) : work();
}
