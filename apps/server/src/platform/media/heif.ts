import fsp from 'node:fs/promises';
import path from 'node:path';
import { writeDisplayJpeg } from './image.ts';
import { runTool } from './tools.ts';

/**
 * A browser-viewable JPEG of a HEIC/HEIF photo. heif-convert applies the HEIF rotation but copies
 * the EXIF orientation tag unchanged, so its output would be turned twice by any viewer: the pixels
 * are re-encoded without metadata. Throws when the tool fails (a damaged file).
 */
export async function heifToJpeg(
  heifConvert: string,
  input: string,
  output: string,
): Promise<{ width: number; height: number }> {
  // A scratch folder of its own: a file holding several images makes heif-convert write name-1.jpg, name-2.jpg…
  const dir = await fsp.mkdtemp(path.join(path.dirname(output), '.heif-'));
  try {
    const res = await runTool(heifConvert, ['-q', '95', input, path.join(dir, 'image.jpg')]);
    if (res.code !== 0) throw new Error(`heif-convert failed (${res.code}): ${res.stderr.slice(0, 300)}`);
    const written = (await fsp.readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
    const first = written.includes('image.jpg') ? 'image.jpg' : written[0];
    if (!first) throw new Error('heif-convert wrote no image');
    return await writeDisplayJpeg(path.join(dir, first), output);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
