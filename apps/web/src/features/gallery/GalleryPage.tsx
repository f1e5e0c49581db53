import {
  dateFolderKey,
  exportEndpoints,
  GALLERY_FOLDER_PAGE_SIZE,
  GALLERY_MEDIA_PAGE_SIZE,
  type GalleryFolder,
  type GalleryMedia,
  galleryEndpoints,
} from '@app/contract/web';
import { useEffect, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useCurrentUser } from '../../app/session.tsx';
import { Page } from '../../components/Page.tsx';
import { Pager } from '../../components/Pager.tsx';
import { useToasts } from '../../components/Toasts.tsx';
import { sk } from '../../i18n/sk.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { formatCalendarDate } from '../../lib/date-format.ts';
import { hasAuthority } from '../../lib/permissions.ts';
import { revalidate, useApi } from '../../lib/swr.ts';
import { FolderGrid } from './FolderGrid.tsx';
import { GalleryBreadcrumb } from './GalleryBreadcrumb.tsx';
import { GalleryFilters } from './GalleryFilters.tsx';
import { type AppliedFilters, currentPage, levelOf, moves } from './gallery-url.ts';
import { MediaGrid } from './MediaGrid.tsx';
import { MediaModal } from './MediaModal.tsx';
import { useGalleryNavigation, useSiteName } from './use-gallery-navigation.ts';
import './gallery.css';

/** /administration/sites-gallery (spec §2 Gallery screen): sites → dates → media. */
export default function GalleryPage() {
  const { state, siteName: knownSiteName, go } = useGalleryNavigation();
  const level = levelOf(state);
  const filters: AppliedFilters = { search: state.search, dateFrom: state.dateFrom, dateTo: state.dateTo };
  const page = currentPage(state);
  const user = useCurrentUser();
  const toasts = useToasts();
  const [exporting, setExporting] = useState(false);
  const [open, setOpen] = useState<GalleryMedia | null>(null);

  const folders = useApi(
    galleryEndpoints.folders,
    level === 'MEDIA'
      ? null
      : { query: { ...filters, siteId: state.siteId, page, size: GALLERY_FOLDER_PAGE_SIZE } },
  );
  const media = useApi(
    galleryEndpoints.media,
    level === 'MEDIA' && state.siteId !== undefined && state.siteDate
      ? {
          params: { folder: dateFolderKey(state.siteId, state.siteDate) },
          query: { ...filters, page, size: GALLERY_MEDIA_PAGE_SIZE },
        }
      : null,
  );
  const result = level === 'MEDIA' ? media : folders;
  const body = result.data?.data;

  const firstDate = level === 'DATES' ? folders.data?.data.content[0]?.siteDate : undefined;
  const siteName = useSiteName(state.siteId, knownSiteName, state.siteDate ?? firstDate ?? undefined);

  // Another folder or page starts at the top, as another screen would (the shell does so per path).
  const place = `${level}:${state.siteId}:${state.siteDate}:${page}`;
  useEffect(() => {
    if (place) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [place]);

  const apply = (f: AppliedFilters) => {
    const same = f.search === state.search && f.dateFrom === state.dateFrom && f.dateTo === state.dateTo;
    // The same filters again: ask the server again instead of adding a history entry.
    if (same) void revalidate(level === 'MEDIA' ? galleryEndpoints.media : galleryEndpoints.folders);
    else go(moves.filter(state, f), siteName);
  };

  const openFolder = (f: GalleryFolder) => {
    if (f.folderType === 'SITE') go(moves.openSite(state, f.siteId), f.name);
    else go(moves.openDate(state, f.siteDate), siteName);
  };

  const requestExport = async (f: AppliedFilters) => {
    apply(f);
    setExporting(true);
    try {
      const res = await api(exportEndpoints.request, {
        query: { ...f, siteId: state.siteId, siteDate: state.siteDate },
      });
      toasts.success(sk.gallery.exportTitle, `${res.message} ${sk.gallery.exportHint}`);
      void revalidate(exportEndpoints.list);
    } catch (err) {
      toasts.error(sk.common.error, errorMessage(err, sk.gallery.exportFailed));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page title={sk.gallery.title}>
      <GalleryFilters
        key={`${state.search}\n${state.dateFrom}\n${state.dateTo}`}
        applied={filters}
        onApply={apply}
        onExport={hasAuthority(user, 'EXPORT_GALLERY') ? requestExport : undefined}
        exporting={exporting}
      />
      <GalleryBreadcrumb
        level={level}
        siteName={siteName}
        dateName={state.siteDate ? formatCalendarDate(state.siteDate) : ''}
        onHome={() => go(moves.home(state))}
        onSite={() => go(moves.site(state), siteName)}
      />
      {!body ? (
        <div className="text-center py-5">
          {result.error ? (
            <span className="text-danger">{errorMessage(result.error, sk.common.unexpectedError)}</span>
          ) : (
            <Spinner role="status" aria-label={sk.gallery.loading} />
          )}
        </div>
      ) : body.content.length === 0 ? (
        <div className="card card-body text-center text-body-secondary py-5">{sk.common.noData}</div>
      ) : level === 'MEDIA' ? (
        <MediaGrid items={body.content as GalleryMedia[]} onOpen={setOpen} />
      ) : (
        <FolderGrid
          folders={body.content as GalleryFolder[]}
          label={level === 'SITES' ? sk.gallery.sites : sk.gallery.dates}
          onOpen={openFolder}
        />
      )}
      <Pager
        page={page}
        totalPages={body?.totalPages ?? 0}
        onChange={(p) => go(moves.page(state, p), siteName || undefined)}
      />
      <MediaModal item={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
