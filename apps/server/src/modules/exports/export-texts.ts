import { EXPORT_NAME_LINE_BREAK, type ExportFilters } from '@app/contract';
import { slovakDate } from '../gallery/site-date.ts';
import { safeSegment } from './zip-names.ts';

/** What the toast shows after the export button. */
export const QUEUED_MESSAGE = 'Export bol zaradený do poradia.';
export const PENDING_MESSAGE = 'Export čaká na spracovanie.';
export const STARTING_MESSAGE = 'Export sa pripravuje.';
export const EMPTY_MESSAGE = 'Filtrom nezodpovedá žiadny súbor, ZIP je prázdny.';
export const GAVE_UP_MESSAGE = 'Export zlyhal: nepodarilo sa ho dokončiť ani po opakovaných pokusoch.';
export const GENERIC_FAILURE = 'pri vytváraní ZIP súboru nastala chyba.';

export type SiteLabel = { code: string; name: string };

/** The filters, one per line: what the Exports screen shows as the export's name. */
export function exportName(f: ExportFilters, site: SiteLabel | undefined): string {
  const lines: string[] = [];
  if (f.search) lines.push(`Hľadať: ${f.search}`);
  if (f.dateFrom) lines.push(`Od: ${slovakDate(f.dateFrom)}`);
  if (f.dateTo) lines.push(`Do: ${slovakDate(f.dateTo)}`);
  if (f.siteId !== undefined) lines.push(`Site: ${site ? `${site.code} – ${site.name}` : `#${f.siteId}`}`);
  if (f.siteDate) lines.push(`Dátum: ${slovakDate(f.siteDate)}`);
  return lines.length > 0 ? lines.join(EXPORT_NAME_LINE_BREAK) : 'Všetky fotografie a videá';
}

/** The downloaded file's name, e.g. `Export ABC – Stavba Žilina 2026-11-21.zip`. */
export function downloadFileName(site: SiteLabel | undefined, createdDate: string): string {
  const what = site ? `${site.code} – ${site.name}` : 'galérie';
  return `${safeSegment(`Export ${what}`, 150, 'Export')} ${createdDate}.zip`;
}

const number = new Intl.NumberFormat('sk-SK', { maximumFractionDigits: 1 });
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** Decimal units, Slovak notation: `1,5 MB`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${number.format(unit === 0 ? value : Math.round(value * 10) / 10)} ${UNITS[unit]}`;
}

/** 1 súbor, 2–4 súbory, 0 or 5+ súborov. */
export function files(n: number): string {
  if (n === 1) return '1 súbor';
  if (n >= 2 && n <= 4) return `${n} súbory`;
  return `${n} súborov`;
}

export function progressMessage(done: number, total: number, bytes: number, totalBytes: number): string {
  return `Spracované súbory: ${done} z ${total} (${formatBytes(Math.min(bytes, totalBytes))} z ${formatBytes(totalBytes)})`;
}

export function completedMessage(count: number, zipSize: number): string {
  return count === 0 ? EMPTY_MESSAGE : `Hotovo: ${files(count)}, ${formatBytes(zipSize)}.`;
}

export const failedMessage = (reason: string) => `Export zlyhal: ${reason}`;
