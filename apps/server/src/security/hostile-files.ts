import zlib from 'node:zlib';
import sharp from 'sharp';

/** Crafted image files for the hostile-upload tests: tiny files that claim huge pictures. */

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of `w`×`h` declared pixels holding one row of data: a few hundred bytes. */
export function pngClaiming(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + w * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose screen and frame claim `w`×`h` pixels, with almost no image data: 35 bytes. */
export function gifClaiming(w: number, h: number): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(w, 6);
  head.writeUInt16LE(h, 8);
  head[10] = 0x80; // a global colour table of two entries
  const frame = Buffer.alloc(10);
  frame[0] = 0x2c;
  frame.writeUInt16LE(w, 5);
  frame.writeUInt16LE(h, 7);
  return Buffer.concat([
    head,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    frame,
    Buffer.from([2, 2, 0x44, 1, 0, 0x3b]),
  ]);
}

export const smallJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();

/** A JPEG whose frame header (SOF) is rewritten to claim `w`×`h`. */
export async function jpegClaiming(w: number, h: number): Promise<Buffer> {
  const jpeg = Buffer.from(await smallJpeg());
  for (let i = 2; i < jpeg.length - 9; i += 1) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(h, i + 5);
      jpeg.writeUInt16BE(w, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker');
}
