import type { GalleryMedia } from '@app/contract/web';
import { sk } from '../../i18n/sk.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { PlayIcon } from './gallery-icons.tsx';
import { Thumbnail } from './Thumbnail.tsx';

type Props = { items: GalleryMedia[]; onOpen: (item: GalleryMedia) => void };

export const mediaKind = (m: Pick<GalleryMedia, 'type'>) =>
  m.type === 'VIDEO' ? sk.gallery.video : sk.gallery.photo;

/** What a card and the modal say about an item: `ZA-001 · Ján Novák · 21. 11. 2026 14:05`. */
export const mediaCaption = (m: GalleryMedia) => `${m.siteCode} · ${m.author} · ${formatDateTime(m.date)}`;

/** Level 3: media cards, thumbnail or video poster with a play sign, site code, author, date. */
export function MediaGrid({ items, onOpen }: Props) {
  return (
    <ul className="gallery-grid gallery-media" aria-label={sk.gallery.media}>
      {items.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            className="gallery-card gallery-media-card card"
            data-media-id={m.id}
            onClick={() => onOpen(m)}
            aria-label={sk.gallery.open(mediaKind(m), mediaCaption(m))}
          >
            <Thumbnail src={m.thumbnailUrl}>
              {m.type === 'VIDEO' ? (
                <span className="gallery-play">
                  <PlayIcon width="1.75rem" height="1.75rem" />
                </span>
              ) : null}
            </Thumbnail>
            <span className="gallery-card-body">
              <span className="gallery-card-title">{m.siteCode}</span>
              <span className="gallery-card-line text-truncate">{m.author}</span>
              <span className="gallery-card-line text-body-secondary">{formatDateTime(m.date)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
