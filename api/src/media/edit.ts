import sharp from 'sharp';
import { ApiError } from '../lib/errors.js';
import { MIN_SIDE, uprightSize } from '../images/encode.js';
import type { ImageGate } from '../images/work.js';
import { cropPixels, rotatedSize, type EditCrop, type EditRotation } from './rules.js';

export interface EditLimits {
  maxPixels: number;
  gate?: ImageGate;
}

/**
 * An upload's original, turned (after its own EXIF orientation) and cropped, as a high-quality JPEG for the
 * images service's usual re-encode (images.fromUpload), which makes the renditions. The size is checked
 * from the header before a pixel is decoded: over the pixel cap, or a crop whose sides would be no larger
 * than an upload's minimum (MIN_SIDE), is refused with nothing decoded.
 */
export async function editImage(
  original: Buffer,
  edit: { rotate: EditRotation; crop: EditCrop },
  limits: EditLimits,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { width, height } = await uprightSize(original, limits.maxPixels);
  if (!width || !height) throw new ApiError('image_too_large', `The image is ${width} by ${height} pixels; the limit is ${limits.maxPixels} pixels.`);
  const turned = rotatedSize(width, height, edit.rotate);
  const area = cropPixels(turned.width, turned.height, edit.crop);
  if (area.width <= MIN_SIDE || area.height <= MIN_SIDE) {
    throw new ApiError('image_edit_too_small', `The result would be ${area.width} by ${area.height} pixels; Pins need more than ${MIN_SIDE} by ${MIN_SIDE}.`);
  }
  const work = async () => {
    try {
      // Upright first (its EXIF orientation), then the turn asked for: one decode, rotations in the order given.
      const upright = await sharp(original, { limitInputPixels: limits.maxPixels, failOn: 'error' })
        .autoOrient()
        .rotate(edit.rotate)
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const bytes = await sharp(upright.data, { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } })
        .extract(area)
        .jpeg({ quality: 95 })
        .toBuffer();
      return { bytes, width: area.width, height: area.height };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError('image_invalid', 'The image could not be decoded.');
    }
  };
  return limits.gate ? limits.gate.run(width * height, work) : work();
}
