/** Spec §9: the recorder's format; other types in the order a browser is likely to record them. */
export const RECORDING_TYPES = [
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp9,opus',
  'video/webm',
  // Safari records only MP4.
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4',
] as const;

/** The first type the browser can record, or undefined to let the recorder choose its own. */
export function pickRecordingType(isTypeSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      return false;
    }
  });
}

/** `video/webm;codecs=vp8,opus` → `video/webm`: the type a recording is uploaded with. */
export function baseType(mime: string): string {
  return mime.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Spec §2: the running timer, mm:ss, and hh:mm:ss from one hour on. */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return hours > 0 ? `${two(hours)}:${rest}` : rest;
}
