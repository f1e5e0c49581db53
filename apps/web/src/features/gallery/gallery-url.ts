/**
 * The gallery's whole state lives in the URL query, so back/forward, reload and a notification's
 * link (`?siteId=<id>&siteDate=<YYYY-MM-DD>`) all open the same view. Each level keeps its own
 * page, so going back up returns to the page that was left.
 */
export type GalleryState = {
  siteId?: number;
  /** Only meaningful with siteId: the DATE folder shown (level 3). */
  siteDate?: string;
  search: string;
  dateFrom: string;
  dateTo: string;
  sitePage: number;
  datePage: number;
  mediaPage: number;
};

export type GalleryLevel = 'SITES' | 'DATES' | 'MEDIA';

export type AppliedFilters = Pick<GalleryState, 'search' | 'dateFrom' | 'dateTo'>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_ID = 2_147_483_647;

const PAGE_PARAMS = { sitePage: 'sitePage', datePage: 'datePage', mediaPage: 'page' } as const;

function positiveInt(raw: string | null, max: number): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
}

const pageOf = (raw: string | null) => (positiveInt(raw, 1_000_000) ?? 1) - 1;

const dateOf = (raw: string | null) => (raw !== null && DATE.test(raw) ? raw : '');

/** Reads the state; anything malformed counts as absent (a hand-edited URL never breaks the screen). */
export function readGalleryState(params: URLSearchParams): GalleryState {
  const siteId = positiveInt(params.get('siteId'), MAX_ID);
  const siteDate = siteId === undefined ? '' : dateOf(params.get('siteDate'));
  return {
    ...(siteId !== undefined && { siteId }),
    ...(siteDate && { siteDate }),
    search: (params.get('search') ?? '').slice(0, 200),
    dateFrom: dateOf(params.get('dateFrom')),
    dateTo: dateOf(params.get('dateTo')),
    // Pages appear one-based in the address (what people see), zero-based everywhere else.
    sitePage: pageOf(params.get(PAGE_PARAMS.sitePage)),
    datePage: pageOf(params.get(PAGE_PARAMS.datePage)),
    mediaPage: pageOf(params.get(PAGE_PARAMS.mediaPage)),
  };
}

/** The query of a state, defaults left out: the notification link is exactly `siteId` + `siteDate`. */
export function writeGalleryState(s: GalleryState): URLSearchParams {
  const out = new URLSearchParams();
  if (s.siteId !== undefined) {
    out.set('siteId', String(s.siteId));
    if (s.siteDate) out.set('siteDate', s.siteDate);
  }
  if (s.search) out.set('search', s.search);
  if (s.dateFrom) out.set('dateFrom', s.dateFrom);
  if (s.dateTo) out.set('dateTo', s.dateTo);
  for (const key of ['sitePage', 'datePage', 'mediaPage'] as const) {
    if (s[key] > 0) out.set(PAGE_PARAMS[key], String(s[key] + 1));
  }
  return out;
}

export function levelOf(s: GalleryState): GalleryLevel {
  if (s.siteId === undefined) return 'SITES';
  return s.siteDate ? 'MEDIA' : 'DATES';
}

/** The moves of spec §4 Gallery navigation; each returns the next state. */
export const moves = {
  openSite: (s: GalleryState, siteId: number): GalleryState => ({
    ...s,
    siteId,
    siteDate: undefined,
    datePage: 0,
    mediaPage: 0,
  }),
  openDate: (s: GalleryState, siteDate: string): GalleryState => ({ ...s, siteDate, mediaPage: 0 }),
  /** The home breadcrumb: back to the sites, on the page they were left at. */
  home: (s: GalleryState): GalleryState => ({
    ...s,
    siteId: undefined,
    siteDate: undefined,
    datePage: 0,
    mediaPage: 0,
  }),
  /** The site breadcrumb: back to that site's dates. */
  site: (s: GalleryState): GalleryState => ({ ...s, siteDate: undefined, mediaPage: 0 }),
  /** New filters select other folders: every level starts again at its first page. */
  filter: (s: GalleryState, f: AppliedFilters): GalleryState => ({
    ...s,
    ...f,
    sitePage: 0,
    datePage: 0,
    mediaPage: 0,
  }),
  page: (s: GalleryState, page: number): GalleryState => {
    const level = levelOf(s);
    if (level === 'SITES') return { ...s, sitePage: page };
    if (level === 'DATES') return { ...s, datePage: page };
    return { ...s, mediaPage: page };
  },
};

export function currentPage(s: GalleryState): number {
  const level = levelOf(s);
  if (level === 'SITES') return s.sitePage;
  return level === 'DATES' ? s.datePage : s.mediaPage;
}
