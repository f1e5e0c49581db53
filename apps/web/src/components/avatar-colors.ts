/** Spec §9 Avatar: hue from a hash of the initials modulo 360, saturation 65 %, lightness 52 %. */
export const AVATAR_SATURATION = 65;
export const AVATAR_LIGHTNESS = 52;

export function initialsOf(firstName: string, lastName: string): string {
  const first = firstName.trim().charAt(0);
  const last = lastName.trim().charAt(0);
  return `${first}${last}`.toUpperCase() || '?';
}

/** A stable string hash (Java's String.hashCode), so the same initials always get the same hue. */
export function hashString(value: string): number {
  let hash = 0;
  for (let i = 0; i < value.length; i += 1) hash = (Math.imul(hash, 31) + value.charCodeAt(i)) | 0;
  return hash;
}

export function avatarHue(initials: string): number {
  return ((hashString(initials) % 360) + 360) % 360;
}

/** HSL (degrees, percent, percent) to sRGB channels 0..255. */
export function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(l1: number, l2: number): number {
  const [hi, lo] = l1 > l2 ? [l1, l2] : [l2, l1];
  return (hi + 0.05) / (lo + 0.05);
}

/** The background from the initials and whichever of black or white contrasts with it more. */
export function avatarColors(initials: string): { background: string; color: '#000000' | '#ffffff' } {
  const hue = avatarHue(initials);
  const lum = relativeLuminance(hslToRgb(hue, AVATAR_SATURATION, AVATAR_LIGHTNESS));
  const color = contrastRatio(lum, 0) >= contrastRatio(lum, 1) ? '#000000' : '#ffffff';
  return { background: `hsl(${hue}, ${AVATAR_SATURATION}%, ${AVATAR_LIGHTNESS}%)`, color };
}
