import { galleryEndpoints } from '@app/contract/web';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../lib/swr.ts';
import { type GalleryState, readGalleryState, writeGalleryState } from './gallery-url.ts';

type HistoryState = { siteName?: string } | null;

/**
 * The gallery state from the URL and `go(next)` to move (a history entry each, so back/forward
 * walk the folders). The open site's name rides along in the history entry, which survives a
 * reload; a link that lacks it (a notification) gets it from `useSiteName`.
 */
export function useGalleryNavigation() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const state = useMemo(() => readGalleryState(params), [params]);
  const siteName = (location.state as HistoryState)?.siteName;
  const go = useCallback(
    (next: GalleryState, nextSiteName?: string) => {
      const qs = writeGalleryState(next).toString();
      navigate({ search: qs ? `?${qs}` : '' }, { state: nextSiteName ? { siteName: nextSiteName } : null });
    },
    [navigate],
  );
  return { state, siteName, go };
}

/**
 * The name of the open site when the history entry does not carry it: among the sites with items
 * on a date the site has (`hintDate`), the one with this id. One cached call.
 */
export function useSiteName(
  siteId: number | undefined,
  known: string | undefined,
  hintDate: string | undefined,
) {
  const lookup = siteId !== undefined && !known && hintDate;
  const { data } = useApi(
    galleryEndpoints.folders,
    lookup ? { query: { siteDate: hintDate, size: 100 } } : null,
  );
  if (known) return known;
  const found = data?.data.content.find((f) => f.folderType === 'SITE' && f.siteId === siteId);
  return found?.name ?? '';
}
