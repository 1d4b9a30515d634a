import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import sharp from 'sharp';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

/** The image type told by the file's first bytes, never by its name or declared type. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export const UNSUPPORTED_IMAGE = {
  message: 'Please choose a PNG, JPEG, WebP or GIF image.',
  code: 'unsupported_file_type',
};

export interface ImageResize {
  width: number;
  height: number;
  fit: 'cover' | 'inside';
}

export interface EncodedImage {
  data: Buffer;
  mimeType: 'image/webp';
  width: number;
  height: number;
}

/**
 * Re-encodes picture bytes (an upload or a provider's answer): rotated upright, resized, as
 * WebP, with no metadata (GPS position, camera, …) carried over. Throws when sharp cannot
 * read them.
 */
export async function encodeWebp(bytes: Buffer, resize: ImageResize): Promise<EncodedImage> {
  const { data, info } = await sharp(bytes, { animated: false, limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ ...resize, withoutEnlargement: resize.fit === 'inside' })
    .webp({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  return { data, mimeType: 'image/webp', width: info.width, height: info.height };
}

/**
 * Checks an uploaded image and re-encodes it (see encodeWebp). 413 when too large, 415 when
 * not a PNG, JPEG, WebP or GIF by its bytes.
 */
export async function reencodeUpload(
  bytes: Buffer | undefined,
  maxBytes: number,
  resize: ImageResize,
): Promise<EncodedImage> {
  if (!bytes || bytes.length === 0)
    throw new UnsupportedMediaTypeException({ message: 'Please choose an image file.', code: 'no_file' });
  if (bytes.length > maxBytes) {
    throw new PayloadTooLargeException({
      message: `The image is too large: at most ${Math.round(maxBytes / 1024 / 1024)} MB.`,
      code: 'file_too_large',
    });
  }
  if (!detectImageType(bytes)) throw new UnsupportedMediaTypeException(UNSUPPORTED_IMAGE);
  try {
    return await encodeWebp(bytes, resize);
  } catch {
    throw new UnsupportedMediaTypeException(UNSUPPORTED_IMAGE);
  }
}

/** reencodeUpload, the bytes only. */
export async function reencodeImage(bytes: Buffer | undefined, maxBytes: number, resize: ImageResize): Promise<Buffer> {
  return (await reencodeUpload(bytes, maxBytes, resize)).data;
}
