import { describe, expect, test } from 'vitest';
import {
  AVATAR_LIGHTNESS,
  AVATAR_SATURATION,
  avatarColors,
  avatarHue,
  contrastRatio,
  hslToRgb,
  initialsOf,
  relativeLuminance,
} from './avatar-colors.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÁČĎÉÍĽŇÓŠŤÚÝŽ';
const allInitials = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => `${a}${b}`));

describe('avatar colours (spec §9)', () => {
  test('initials are the first letters of first and last name, upper case', () => {
    expect(initialsOf('jana', 'Nová')).toBe('JN');
    expect(initialsOf(' Ľubo ', 'šťastný')).toBe('ĽŠ');
    expect(initialsOf('', '')).toBe('?');
  });

  test('the hue is a stable hash of the initials modulo 360', () => {
    expect(avatarHue('JN')).toBe(avatarHue('JN'));
    for (const i of allInitials) {
      const h = avatarHue(i);
      expect(Number.isInteger(h) && h >= 0 && h < 360).toBe(true);
    }
    // Different initials spread over the wheel rather than sharing a few hues.
    expect(new Set(allInitials.map(avatarHue)).size).toBeGreaterThan(300);
  });

  test('saturation 65 % and lightness 52 %', () => {
    expect(avatarColors('AB').background).toBe(
      `hsl(${avatarHue('AB')}, ${AVATAR_SATURATION}%, ${AVATAR_LIGHTNESS}%)`,
    );
  });

  test('hsl conversion matches known colours', () => {
    expect(hslToRgb(0, 100, 50)).toEqual([255, 0, 0]);
    expect(hslToRgb(120, 100, 50)).toEqual([0, 255, 0]);
    expect(hslToRgb(240, 100, 50)).toEqual([0, 0, 255]);
    expect(hslToRgb(0, 0, 100)).toEqual([255, 255, 255]);
  });

  test('the text is whichever of black or white contrasts more, and always readable', () => {
    for (const i of allInitials) {
      const { color } = avatarColors(i);
      const lum = relativeLuminance(hslToRgb(avatarHue(i), AVATAR_SATURATION, AVATAR_LIGHTNESS));
      const black = contrastRatio(lum, 0);
      const white = contrastRatio(lum, 1);
      expect(color).toBe(black >= white ? '#000000' : '#ffffff');
      expect(Math.max(black, white)).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('yellow gets black text, blue gets white', () => {
    const yellow = relativeLuminance(hslToRgb(60, AVATAR_SATURATION, AVATAR_LIGHTNESS));
    const blue = relativeLuminance(hslToRgb(240, AVATAR_SATURATION, AVATAR_LIGHTNESS));
    expect(contrastRatio(yellow, 0)).toBeGreaterThan(contrastRatio(yellow, 1));
    expect(contrastRatio(blue, 1)).toBeGreaterThan(contrastRatio(blue, 0));
  });
});
