/**
 * `attachment` with the file name twice, per RFC 6266: `filename` as a plain-ASCII fallback for
 * old clients, and `filename*` in UTF-8 (RFC 8187) which every current browser prefers.
 */
export function contentDisposition(fileName: string): string {
  return `attachment; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeRfc8187(fileName)}`;
}

/** Accents dropped (Žilina → Zilina), anything else outside printable ASCII, quotes, backslashes and `%` → `_`. */
export function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
}

/** RFC 8187 value-chars: percent-encoded UTF-8, leaving only attr-chars as they are. */
export function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
