import { EXPORT_MESSAGE_CUT } from '@app/contract/web';

// The server joins the name's lines with `<br>`; a break tag written any other common way
// (`<BR>`, `<br/>`, `<br />`) breaks the line too. Nothing else is markup: it stays text.
const BREAK = /<br\s*\/?>/i;

/** The lines of an export name, to render as text nodes with `<br />` between them. */
export function nameLines(name: string): string[] {
  return name.split(new RegExp(BREAK, 'gi'));
}

/**
 * A message longer than `max` characters is cut to `max` and ends with '...' (spec §9); counted
 * in code points, so an emoji is never cut in half.
 */
export function cutMessage(message: string, max = EXPORT_MESSAGE_CUT): { text: string; cut: boolean } {
  const chars = Array.from(message);
  if (chars.length <= max) return { text: message, cut: false };
  return { text: `${chars.slice(0, max).join('')}...`, cut: true };
}
