import exifr from 'exifr';
import { instantOfWallClock } from './zoned-time.ts';

export type ExifFacts = { takenAt?: number; lat?: number; lng?: number };

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/**
 * Capture time and position from a photo's EXIF. DateTimeOriginal is the camera's wall clock
 * without a zone: read in OffsetTimeOriginal when the camera wrote one, else in `tz`. Missing,
 * malformed or absurd values give undefined; a broken EXIF block never throws.
 */
export async function readExif(file: string, tz: string): Promise<ExifFacts> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(file, {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      xmp: false,
      icc: false,
      iptc: false,
      jfif: false,
      reviveValues: false,
      translateValues: false,
    });
  } catch {
    return {};
  }
  if (!tags) return {};
  return { takenAt: captureTime(tags, tz), ...position(tags) };
}

function captureTime(tags: Record<string, unknown>, tz: string): number | undefined {
  const raw = tags.DateTimeOriginal ?? tags.CreateDate;
  const m = typeof raw === 'string' ? EXIF_DATE.exec(raw.trim()) : null;
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  if (
    year < 1970 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return undefined;
  const offset =
    typeof tags.OffsetTimeOriginal === 'string' ? OFFSET.exec(tags.OffsetTimeOriginal.trim()) : null;
  if (offset) {
    const minutes = (Number(offset[2]) * 60 + Number(offset[3])) * (offset[1] === '-' ? -1 : 1);
    if (Math.abs(minutes) <= 14 * 60) {
      return Date.UTC(year, month - 1, day, hour, minute, second) - minutes * 60_000;
    }
  }
  return instantOfWallClock({ year, month, day, hour, minute, second }, tz);
}

function position(tags: Record<string, unknown>): { lat?: number; lng?: number } {
  const lat = tags.latitude;
  const lng = tags.longitude;
  if (typeof lat !== 'number' || typeof lng !== 'number') return {};
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return {};
  // 0,0 is what broken GPS units write when they have no fix.
  if (lat === 0 && lng === 0) return {};
  return { lat, lng };
}
