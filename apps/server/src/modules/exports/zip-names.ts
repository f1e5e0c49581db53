/*
 * Entry names for the ZIP: whatever a site name or an author holds, an entry must extract inside
 * the target folder on Windows, macOS and Linux alike, and never overwrite another entry.
 */

// Characters Windows refuses in a name, plus both separators.
const FORBIDDEN = /[<>:"/\\|?*]/g;
// Format characters (bidi overrides that fake an extension, zero-width joiners) vanish; other
// controls and line/paragraph separators become spaces.
const INVISIBLE = /[\p{Cf}\p{Co}]/gu;
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Device names Windows reserves, with or without an extension.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/iu;

/** Cuts `text` to at most `maxBytes` of UTF-8, never inside a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const len = Buffer.byteLength(ch);
    if (bytes + len > maxBytes) break;
    out += ch;
    bytes += len;
  }
  return out;
}

const trimEdges = (s: string) => s.replace(/^[\s.]+/u, '').replace(/[\s.]+$/u, '');

/**
 * One path segment made safe: no separators or Windows-forbidden characters, no controls, no
 * leading dots (hidden files, `..`), no trailing dots or spaces (Windows drops them), no reserved
 * device name, at most `maxBytes` of UTF-8. Empty results become `fallback`.
 */
export function safeSegment(text: string, maxBytes: number, fallback = '_'): string {
  let s = text.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC');
  s = s.replace(INVISIBLE, '').replace(CONTROL, ' ').replace(FORBIDDEN, '_');
  s = trimEdges(s.replace(/\s+/gu, ' '));
  s = trimEdges(truncateUtf8(s, maxBytes));
  if (s === '') s = fallback;
  if (RESERVED.test(s)) s = `_${s}`;
  return s;
}

/**
 * Hands out names unique within one ZIP, compared as case- and normalisation-insensitive file
 * systems (Windows, macOS) compare them; a taken name gets ` (2)`, ` (3)`… before its extension.
 */
export class UniqueNames {
  private readonly used = new Set<string>();

  take(name: string): string {
    const slash = name.lastIndexOf('/');
    const dot = name.lastIndexOf('.');
    const cut = dot > slash + 1 ? dot : name.length;
    const stem = name.slice(0, cut);
    const ext = name.slice(cut);
    let candidate = name;
    for (let n = 2; this.used.has(key(candidate)); n++) candidate = `${stem} (${n})${ext}`;
    this.used.add(key(candidate));
    return candidate;
  }
}

const key = (name: string) => name.normalize('NFC').toLowerCase();

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

/** The file extension of a media item: from its (sniffed) MIME type, else its storage key. */
export function extensionOf(mimeType: string, storageKey: string): string {
  const known = EXTENSIONS[mimeType.toLowerCase()];
  if (known) return known;
  const fromKey = /\.([A-Za-z0-9]{1,8})$/.exec(storageKey)?.[1];
  return fromKey ? fromKey.toLowerCase() : 'bin';
}

export type LayoutItem = {
  id: number;
  siteId: number;
  siteCode: string;
  siteName: string;
  siteDate: string;
  takenAt: number;
  authorName: string;
  mimeType: string;
  storageKey: string;
};

// Segment caps keep every component under the 255-byte limit of common file systems and the whole
// path well under Windows' 260 characters once extracted.
const SITE_FOLDER_BYTES = 120;
const AUTHOR_BYTES = 60;

/**
 * `CODE - site name/YYYY-MM-DD/<HHmmss>_<author>_<id>.<ext>`, the time of day in the gallery's
 * time zone. One layout per export: it remembers the names it gave out.
 */
export class ExportLayout {
  private readonly siteFolders = new Map<number, string>();
  private readonly folderNames = new UniqueNames();
  private readonly paths = new UniqueNames();
  private readonly time: Intl.DateTimeFormat;

  constructor(timeZone: string) {
    this.time = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  }

  pathOf(item: LayoutItem): string {
    let folder = this.siteFolders.get(item.siteId);
    if (folder === undefined) {
      folder = this.folderNames.take(
        safeSegment(`${item.siteCode} - ${item.siteName}`, SITE_FOLDER_BYTES, `site-${item.siteId}`),
      );
      this.siteFolders.set(item.siteId, folder);
    }
    const day = /^\d{4}-\d{2}-\d{2}$/.test(item.siteDate) ? item.siteDate : safeSegment(item.siteDate, 10);
    const author = safeSegment(item.authorName, AUTHOR_BYTES);
    const file = `${this.hhmmss(item.takenAt)}_${author}_${item.id}.${extensionOf(item.mimeType, item.storageKey)}`;
    return this.paths.take(`${folder}/${day}/${file}`);
  }

  private hhmmss(epochMs: number): string {
    const parts = this.time.formatToParts(new Date(epochMs));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
    return `${part('hour')}${part('minute')}${part('second')}`;
  }
}
