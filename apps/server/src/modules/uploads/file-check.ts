import fsp from 'node:fs/promises';
import { ACCEPTED_MIME_TYPES, type MediaType } from '@app/contract';
import { fileTypeFromFile } from 'file-type';

export type Accepted = { mimeType: string; ext: string; type: MediaType };

const ACCEPTED = new Set<string>(ACCEPTED_MIME_TYPES);
// How far a browser looks for markup when sniffing (WHATWG MIME Sniffing: 1445 bytes); we look further.
const SCAN_BYTES = 4096;
// Tags that make a browser (or a careless proxy) treat the bytes as a document. Three letters or
// more, so chance byte sequences inside compressed image data do not match.
const MARKUP_TAG =
  /<(?:!doctype|html|head|body|script|iframe|frame|frameset|svg|object|embed|img|meta|style|link|form|title|base|div)[\s>/]/i;
const LEADING_MARKUP = /^(?:\uFEFF|\s)*</;

/**
 * The file's real type from its bytes, or undefined when it is not one we take. Beyond the magic
 * numbers, markup in the first 4 KiB refuses the file: an HTML or SVG document, and polyglots
 * such as a valid JPEG carrying an HTML page in a comment segment.
 */
export async function checkFileType(file: string): Promise<Accepted | undefined> {
  const head = await readHead(file, SCAN_BYTES);
  const text = head.toString('latin1');
  if (LEADING_MARKUP.test(text) || MARKUP_TAG.test(text)) return undefined;
  const found = await fileTypeFromFile(file);
  if (!found || !ACCEPTED.has(found.mime)) return undefined;
  return {
    mimeType: found.mime,
    ext: found.ext,
    type: found.mime.startsWith('image/') ? 'IMAGE' : 'VIDEO',
  };
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
