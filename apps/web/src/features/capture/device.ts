/** Spec §2: on iOS, Kamerovať is the native capture; iPadOS reports itself as a Mac with touch. */
export function isIOS(
  nav: Pick<Navigator, 'userAgent' | 'platform' | 'maxTouchPoints'> = navigator,
): boolean {
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1);
}

/**
 * Whether Kamerovať can open the in-app camera: not on iOS (spec §2), and only where the browser
 * can film and record at all (plain http over the network has no camera API); else the native
 * video capture is the way.
 */
export function canRecordInApp(w: { navigator: Navigator; MediaRecorder?: unknown } = window): boolean {
  return (
    !isIOS(w.navigator) && typeof w.MediaRecorder === 'function' && !!w.navigator.mediaDevices?.getUserMedia
  );
}

/** A random v4 UUID (spec §3 uploadId); `randomUUID` needs a secure context, plain http has not one. */
export function randomUploadId(c: Crypto = crypto): string {
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A distance for the site picker: metres below one kilometre, else kilometres with one decimal. */
export function formatDistance(metres: number): { unit: 'm' | 'km'; value: string } {
  if (metres < 1000) return { unit: 'm', value: String(Math.round(metres)) };
  return { unit: 'km', value: (metres / 1000).toLocaleString('sk-SK', { maximumFractionDigits: 1 }) };
}
