import { sniffImage, type ImageFormat } from '../images/rules/sniff.js';

/**
 * What the pin builder accepts from a device, shared by the upload route and the popup's
 * own check before it sends a byte. Images: the same 20 MB as an image the server downloads
 * (images/service.ts), then the same sniff, pixel limit and re-encode. Videos: the
 * pin-builder file size limit ("about 209 million bytes": 200 MiB), for viewers with video_upload_allowed.
 */
export const IMAGE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const VIDEO_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;

/**
 * Video a user may keep uploaded (VIDEO_QUOTA_BYTES): ten videos at the largest size. Videos are stored
 * as sent, so without it one account could fill the disk. Images need none: each is re-encoded
 * to a few hundred KB, and unused ones are swept.
 */
export const VIDEO_QUOTA_DEFAULT_BYTES = 10 * VIDEO_UPLOAD_MAX_BYTES;
export const quotaMessage = (quotaBytes: number) =>
  `Your videos can take up to ${megabytes(quotaBytes)} in all. Delete a video Pin you no longer need, or choose a smaller file.`;

/**
 * The sweeper (media/sweeper.ts): an upload no save has claimed is removed this long after it was made
 * (a builder left open over lunch still publishes); a `.part` file not written to for PART_STALE_MS is
 * what a killed upload left (a live one writes every few milliseconds, and Node ends any request after
 * 5 minutes).
 */
export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;
export const PART_STALE_MS = 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 10 * 60 * 1000;

export type VideoFormat = 'mp4' | 'webm';
export type MediaFormat = { kind: 'image'; format: ImageFormat } | { kind: 'video'; format: VideoFormat };

/** Bytes enough to tell every accepted format apart. */
export const SNIFF_BYTES = 16;

/** What a file is, told by its first bytes, never by its name or a Content-Type header. */
export function sniffMedia(bytes: Uint8Array): MediaFormat | null {
  const image = sniffImage(bytes);
  if (image) return { kind: 'image', format: image };
  const at = (offset: number, text: string) => [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));
  // ISO base media (MP4, M4V, QuickTime): a box of type 'ftyp' first.
  if (at(4, 'ftyp')) return { kind: 'video', format: 'mp4' };
  // Matroska/WebM: the EBML magic number.
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return { kind: 'video', format: 'webm' };
  return null;
}

export const VIDEO_TYPES: Record<VideoFormat, string> = { mp4: 'video/mp4', webm: 'video/webm' };

/** The limit for a kind of file, and the words that tell a user about it. */
export const maxBytesFor = (kind: 'image' | 'video') => (kind === 'image' ? IMAGE_UPLOAD_MAX_BYTES : VIDEO_UPLOAD_MAX_BYTES);
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
export const tooLargeMessage = (kind: 'image' | 'video') =>
  kind === 'image'
    ? `Images can be up to ${megabytes(IMAGE_UPLOAD_MAX_BYTES)}. Choose a smaller file.`
    : `Videos can be up to ${megabytes(VIDEO_UPLOAD_MAX_BYTES)}. Choose a smaller file.`;
export const NOT_MEDIA_MESSAGE = 'That file is not an image we can save. Choose a JPEG, PNG, GIF or WebP image.';
export const NOT_MEDIA_WITH_VIDEO_MESSAGE = 'That file is not an image or video we can save. Choose a JPEG, PNG, GIF or WebP image, or an MP4 or WebM video.';

/**
 * Editing an uploaded image in the pin builder (business accounts): a quarter-turn rotation, then a crop.
 * The crop is a rectangle in fractions of the rotated image (0 to 1 from its left and top edge), so the
 * builder need not know the pixel size of the original; the server turns it into pixels.
 */
export const EDIT_ROTATIONS = [0, 90, 180, 270] as const;
export type EditRotation = (typeof EDIT_ROTATIONS)[number];
/** The smallest crop side, as a fraction of the image: below it a slip of the mouse, not a choice. */
export const EDIT_MIN_FRACTION = 0.05;
export interface EditCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}
export const FULL_CROP: EditCrop = { x: 0, y: 0, width: 1, height: 1 };
/** The aspects the builder offers: width over height; `original` and `free` take none. */
export const EDIT_ASPECTS = { original: null, square: 1, portrait: 2 / 3, tall: 4 / 5, free: null } as const;
export type EditAspect = keyof typeof EDIT_ASPECTS;

/** The image's size once turned: a quarter or three-quarter turn swaps its sides. */
export const rotatedSize = (width: number, height: number, rotate: EditRotation) => (rotate % 180 === 0 ? { width, height } : { width: height, height: width });

/** The largest centred crop of a width by height image with this aspect (width over height), in fractions. */
export function cropForAspect(width: number, height: number, aspect: number | null): EditCrop {
  if (!aspect || width <= 0 || height <= 0) return FULL_CROP;
  if (width / height > aspect) {
    const w = (height * aspect) / width;
    return { x: (1 - w) / 2, y: 0, width: w, height: 1 };
  }
  const h = width / aspect / height;
  return { x: 0, y: (1 - h) / 2, width: 1, height: h };
}

/**
 * A crop in pixels of a width by height image: rounded inward, never past an edge, at least one pixel.
 * What the server cuts, and what the builder shows as the result's size.
 */
export function cropPixels(width: number, height: number, crop: EditCrop) {
  const left = Math.min(width - 1, Math.round(crop.x * width));
  const top = Math.min(height - 1, Math.round(crop.y * height));
  return {
    left,
    top,
    width: Math.max(1, Math.min(width - left, Math.round(crop.width * width))),
    height: Math.max(1, Math.min(height - top, Math.round(crop.height * height))),
  };
}
