import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export type TestImage = { name: string; file: string; bytes: number; megapixels: number };

export const FIXTURES = path.resolve(
  process.env.MEDIA_FIXTURES ??
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/media'),
);

// The real photos of the shared fixtures that sharp reads (HEIC needs heif-convert first; corrupted.jpg is refused).
const REAL = [
  'jolla-phone.jpg',
  'nikon-coolpix-gps.jpg',
  'orientation-6-landscape.jpg',
  'orientation-6-portrait.jpg',
  'invalid-exif.jpg',
];

/**
 * Today's phones take 12 MP and 48 MP photos, larger than any fixture: made once from the Jolla
 * photo (upscaled, so real photographic content), stored sideways with EXIF orientation 6 and a
 * capture time as phones do, quality 90. Kept in the temp folder between runs.
 */
const GENERATED = [
  { name: 'generated-12mp.jpg', width: 4000, height: 3000 },
  { name: 'generated-48mp.jpg', width: 8000, height: 6000 },
];

export async function testImages(): Promise<TestImage[]> {
  if (!fs.existsSync(path.join(FIXTURES, 'jolla-phone.jpg')))
    throw new Error(`media fixtures not found in ${FIXTURES} (set MEDIA_FIXTURES)`);
  const dir = path.join(os.tmpdir(), 'sd-bench-images-v1');
  fs.mkdirSync(dir, { recursive: true });
  const files = REAL.map((name) => ({ name, file: path.join(FIXTURES, name) }));
  for (const g of GENERATED) {
    const file = path.join(dir, g.name);
    if (!fs.existsSync(file)) {
      const partial = `${file}.part`;
      await sharp(path.join(FIXTURES, 'jolla-phone.jpg'))
        .rotate()
        .resize(g.width, g.height, { fit: 'fill' })
        .withExif({
          IFD0: { Make: 'Bench', Model: 'Generated' },
          IFD2: { DateTimeOriginal: '2026:05:04 10:11:12' },
        })
        .withMetadata({ orientation: 6 })
        .jpeg({ quality: 90 })
        .toFile(partial);
      fs.renameSync(partial, file);
    }
    files.push({ name: g.name, file });
  }
  const images: TestImage[] = [];
  for (const { name, file } of files) {
    const meta = await sharp(file).metadata();
    images.push({
      name,
      file,
      bytes: fs.statSync(file).size,
      megapixels: ((meta.width ?? 0) * (meta.height ?? 0)) / 1e6,
    });
  }
  return images;
}
