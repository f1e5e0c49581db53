import sharp from 'sharp';

/** Longest side of a thumbnail or video poster. */
export const THUMBNAIL_SIZE = 480;
/**
 * Decoding refuses images above this many pixels, so a small file that claims huge dimensions
 * (a decompression bomb) cannot exhaust memory. 268 MP covers today's 200 MP phone cameras.
 */
export const MAX_INPUT_PIXELS = 16_383 * 16_383;
/**
 * A GIF frame is decoded whole (about 5 bytes a pixel, no shrink-on-load): a 35-byte GIF claiming
 * 16000×16000 took 1.2 GB. GIFs are never camera photos; 16.7 MP keeps one decode near 90 MB.
 */
export const MAX_GIF_PIXELS = 4096 * 4096;

export class UndecodableImage extends Error {
  constructor(
    readonly reason: 'corrupt' | 'too-large',
    cause: unknown,
  ) {
    super(`Image cannot be decoded (${reason})`, { cause });
  }
}

const classify = (err: unknown) =>
  new UndecodableImage(/pixel limit/i.test(String((err as Error)?.message)) ? 'too-large' : 'corrupt', err);

/** Width and height as displayed, i.e. after the EXIF orientation is applied. */
export async function displayedSize(file: string): Promise<{ width: number; height: number } | undefined> {
  try {
    const meta = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const size = meta.autoOrient ?? { width: meta.width, height: meta.height };
    return size.width && size.height ? { width: size.width, height: size.height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A WebP thumbnail at most 480 px on its longer side, turned upright by the EXIF orientation
 * (`autoOrient: false` when the pixels are upright already, e.g. heif-convert's output). Decodes
 * the whole image, so it is also the check that the image is not damaged.
 */
export async function writeThumbnail(
  input: string,
  output: string,
  opts: { autoOrient?: boolean } = {},
): Promise<{ width: number; height: number }> {
  try {
    const { format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const limitInputPixels = format === 'gif' ? MAX_GIF_PIXELS : MAX_INPUT_PIXELS;
    let img = sharp(input, { limitInputPixels, failOn: 'error' });
    if (opts.autoOrient !== false) img = img.rotate();
    const info = await img
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(output);
    return { width: info.width, height: info.height };
  } catch (err) {
    throw classify(err);
  }
}

/** Re-encodes upright pixels as a plain JPEG without metadata (no orientation tag left to misapply). */
export async function writeDisplayJpeg(
  input: string,
  output: string,
): Promise<{ width: number; height: number }> {
  try {
    const info = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .jpeg({ quality: 88 })
      .toFile(output);
    return { width: info.width, height: info.height };
  } catch (err) {
    throw classify(err);
  }
}
