import { HomeIcon } from '../../components/icons.tsx';
import { sk } from '../../i18n/sk.ts';
import type { GalleryLevel } from './gallery-url.ts';

type Props = {
  level: GalleryLevel;
  /** Empty while the name is still being looked up. */
  siteName: string;
  dateName: string;
  onHome: () => void;
  onSite: () => void;
};

/**
 * Home icon, site name, date name (spec §2). The home crumb returns to the sites, the site crumb
 * to the site's dates (spec §4); the last crumb is where the user is.
 */
export function GalleryBreadcrumb({ level, siteName, dateName, onHome, onSite }: Props) {
  const home = <HomeIcon />;
  return (
    <nav aria-label={sk.gallery.breadcrumb} className="gallery-breadcrumb mb-3">
      <ol className="breadcrumb mb-0">
        <li className={`breadcrumb-item${level === 'SITES' ? ' active' : ''}`}>
          {level === 'SITES' ? (
            <span aria-current="page" aria-label={sk.gallery.home} title={sk.gallery.home} role="img">
              {home}
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-link p-0 gallery-crumb"
              onClick={onHome}
              aria-label={sk.gallery.home}
              title={sk.gallery.home}
            >
              {home}
            </button>
          )}
        </li>
        {level !== 'SITES' ? (
          <li className={`breadcrumb-item${level === 'DATES' ? ' active' : ''}`}>
            {level === 'DATES' ? (
              <span aria-current="page">{siteName || '…'}</span>
            ) : (
              <button type="button" className="btn btn-link p-0 gallery-crumb" onClick={onSite}>
                {siteName || '…'}
              </button>
            )}
          </li>
        ) : null}
        {level === 'MEDIA' ? (
          <li className="breadcrumb-item active">
            <span aria-current="page">{dateName}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
