import type { GalleryFolder } from '@app/contract/web';
import { sk } from '../../i18n/sk.ts';
import { FolderIcon } from './gallery-icons.tsx';
import { Thumbnail } from './Thumbnail.tsx';

type Props = { folders: GalleryFolder[]; label: string; onOpen: (folder: GalleryFolder) => void };

/** Level 1 (SITE folders, with the cover of their newest item) and level 2 (DATE folders). */
export function FolderGrid({ folders, label, onOpen }: Props) {
  return (
    <ul className="gallery-grid gallery-folders" aria-label={label}>
      {folders.map((f) => (
        <li key={f.key}>
          <button
            type="button"
            className="gallery-card gallery-folder card"
            onClick={() => onOpen(f)}
            aria-label={sk.gallery.open(
              f.folderType === 'SITE' ? sk.gallery.openSite : sk.gallery.openDate,
              f.folderType === 'SITE' ? `${f.name} (${f.siteCode})` : f.name,
            )}
          >
            {f.folderType === 'SITE' ? (
              <Thumbnail src={f.coverThumbnailUrl} />
            ) : (
              <span className="gallery-thumb gallery-thumb-folder">
                <FolderIcon width="3rem" height="3rem" />
              </span>
            )}
            <span className="gallery-card-body">
              <span className="gallery-card-title">
                <FolderIcon className="flex-shrink-0" />
                <span className="gallery-card-name">{f.name}</span>
              </span>
              {f.folderType === 'SITE' ? <span className="gallery-card-line">{f.siteCode}</span> : null}
              <span className="gallery-card-line text-body-secondary">{sk.gallery.items(f.itemCount)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
