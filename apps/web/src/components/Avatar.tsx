import { avatarColors, initialsOf } from './avatar-colors.ts';

/** Spec §9: the initials never render smaller than 12 px. */
export const AVATAR_MIN_FONT_PX = 12;

type Props = { firstName: string; lastName: string; size?: number };

/** A circle with the initials; colour from the initials, text black or white for contrast. */
export function Avatar({ firstName, lastName, size = 36 }: Props) {
  const initials = initialsOf(firstName, lastName);
  const { background, color } = avatarColors(initials);
  return (
    <span
      className="avatar"
      aria-hidden="true"
      style={{
        background,
        color,
        width: size,
        height: size,
        fontSize: Math.max(AVATAR_MIN_FONT_PX, Math.round(size * 0.4)),
      }}
    >
      {initials}
    </span>
  );
}
