import sharp from 'sharp';
import { ApiError } from '../lib/errors.js';
import { sniffImage } from './sniff.js';

/** saving.md section 9: the image resolutions, and the minimum side of a pinnable image. */
export const WIDTHS = [236, 474, 736] as const;
export type Rendition = `${(typeof WIDTHS)[number]}x` | 'originals';
export const RENDITIONS: readonly Rendition[] = ['236x', '474x', '736x', 'originals'];
export const MIN_SIDE = 119;
/** Decoded size cap: a small file that unpacks into billions of pixels (a decompression bomb) is refused. */
export const MAX_PIXELS = 40_000_000;

export interface Encoded {
  width: number;
  height: number;
  dominantColor: string;
  files: Record<Rendition, Buffer>;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/**
 * Re-encodes a downloaded image: sniffed by its bytes, its size read from the header and checked
 * before any pixel is decoded, then written anew (so nothing of the original file survives) as
 * JPEG at each width, never enlarged, plus the original size, with its dominant colour.
 */
export async function encodeImage(bytes: Buffer): Promise<Encoded> {
  if (!sniffImage(bytes)) throw new ApiError('image_invalid', 'The file is not a JPEG, PNG, GIF or WebP image.');
  let meta: sharp.Metadata;
  try {
    // Only the header is read here; the pixel cap below decides before anything is decoded.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError('image_invalid', 'The image could not be read.');
  }
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  if (width * height > MAX_PIXELS) throw new ApiError('image_too_large', `The image is ${width} by ${height} pixels; the limit is ${MAX_PIXELS} pixels.`);
  if (width <= MIN_SIDE || height <= MIN_SIDE) throw new ApiError('image_invalid', `Images must be larger than ${MIN_SIDE} by ${MIN_SIDE} pixels.`);

  const source = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate().flatten({ background: '#ffffff' });
  try {
    const files = {} as Record<Rendition, Buffer>;
    for (const w of WIDTHS) files[`${w}x`] = await source().resize({ width: w, withoutEnlargement: true }).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    files.originals = await source().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    const { dominant } = await sharp(files['236x']).stats();
    return { width, height, dominantColor: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`, files };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('image_invalid', 'The image could not be decoded.');
  }
}
