import type { ReactNode } from 'react';
import { GalleryIcon } from '../../components/icons.tsx';
import { sk } from '../../i18n/sk.ts';

/** The thumbnails' box, fixed by CSS (aspect ratio) and by the image's own size attributes. */
export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 240;

type Props = { src: string | null; children?: ReactNode };

/**
 * A lazily loaded thumbnail in a box of fixed proportions, so nothing moves when it arrives; a
 * picture sign when there is none. Decorative: the card around it says what it shows.
 */
export function Thumbnail({ src, children }: Props) {
  return (
    <span className="gallery-thumb">
      {src ? (
        <img src={src} alt="" width={THUMB_WIDTH} height={THUMB_HEIGHT} loading="lazy" decoding="async" />
      ) : (
        <span className="gallery-thumb-empty">
          <GalleryIcon width="3rem" height="3rem" />
          <span className="visually-hidden">{sk.gallery.noPreview}</span>
        </span>
      )}
      {children}
    </span>
  );
}
