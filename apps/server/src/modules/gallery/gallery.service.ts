import type { DateFolder, GalleryFilters, GalleryMedia, Page, SiteFolder } from '@app/contract';
import { containsPattern } from '../../db/database.ts';
import { toDateFolder, toMedia, toSiteFolder } from './gallery.presenter.ts';
import { type Criteria, type GalleryRepository, NO_DATE_FROM, NO_DATE_TO } from './gallery.repository.ts';
import type { GalleryItemsRepository } from './gallery-items.repository.ts';
import type { SiteFoldersRepository } from './site-folders.repository.ts';

type Paging = { page: number; size: number };

const emptyPage = <T>(page: number): Page<T> => ({ content: [], page, totalPages: 0, totalElements: 0 });
const pageOf = <T>(content: T[], total: number, { page, size }: Paging): Page<T> => ({
  content,
  page,
  totalPages: Math.ceil(total / size),
  totalElements: total,
});

/**
 * The three gallery levels. Filters become Criteria: the date range narrowed by `siteDate`, and
 * the search resolved once into the ids of the sites and of the authors whose names match.
 */
export class GalleryService {
  constructor(
    private readonly repo: GalleryRepository,
    private readonly sites: SiteFoldersRepository,
    private readonly items: GalleryItemsRepository,
  ) {}

  /** SITE folders without `siteId`, that site's DATE folders with it. */
  async folders(q: GalleryFilters & Paging): Promise<Page<SiteFolder | DateFolder>> {
    const c = await this.criteria(q);
    if (!c) return emptyPage(q.page);
    return q.siteId === undefined ? this.siteFolders(c, q) : this.dateFolders(q.siteId, c, q);
  }

  /** The media of the DATE folder `siteId`/`siteDate`, newest first. */
  async media(siteId: number, siteDate: string, q: GalleryFilters & Paging): Promise<Page<GalleryMedia>> {
    const c = await this.criteria(q);
    const outside =
      !c || siteDate < c.from || siteDate > c.to || (q.siteId !== undefined && q.siteId !== siteId);
    if (!c || outside) return emptyPage(q.page);
    const authorIds = this.authorRestriction(siteId, c);
    if (authorIds?.length === 0) return emptyPage(q.page);
    const [total, rows, sites] = await Promise.all([
      this.items.dayCount(siteId, siteDate, authorIds),
      this.items.mediaPage(siteId, siteDate, authorIds, q.page, q.size),
      this.repo.siteNames([siteId]),
    ]);
    const code = sites.get(siteId)?.code ?? '';
    return pageOf(
      rows.map((r) => toMedia(r, code)),
      total,
      q,
    );
  }

  private async siteFolders(c: Criteria, q: Paging): Promise<Page<SiteFolder>> {
    const { rows, total } = await this.sites.page(c, q.page, q.size);
    if (rows.length === 0) return pageOf([], total, q);
    const siteIds = rows.map((r) => r.siteId);
    const byName = new Set(c.search?.siteIds);
    const authorsOnly = new Set(c.search ? siteIds.filter((id) => !byName.has(id)) : []);
    const counted = rows.every((r) => r.itemCount !== undefined);
    const [counts, covers, names] = await Promise.all([
      counted
        ? new Map(rows.map((r) => [r.siteId, r.itemCount ?? 0]))
        : this.repo.siteCounts(c, siteIds, authorsOnly),
      this.repo.covers(rows, authorsOnly, c.search?.authorIds ?? []),
      this.repo.siteNames(siteIds),
    ]);
    const content = rows.map((r) =>
      toSiteFolder(r.siteId, names.get(r.siteId), counts.get(r.siteId) ?? 0, covers.get(r.siteId)),
    );
    return pageOf(content, total, q);
  }

  private async dateFolders(siteId: number, c: Criteria, q: Paging): Promise<Page<DateFolder>> {
    const authorIds = this.authorRestriction(siteId, c);
    if (authorIds?.length === 0) return emptyPage(q.page);
    const { rows, total } = await this.items.datePage(siteId, c, authorIds, q.page, q.size);
    return pageOf(
      rows.map((r) => toDateFolder(siteId, r)),
      total,
      q,
    );
  }

  /**
   * Within one site, the search keeps every item when the site matches by name or code, else
   * only the matching authors' items (undefined: no restriction).
   */
  private authorRestriction(siteId: number, c: Criteria): number[] | undefined {
    if (!c.search || c.search.siteIds.includes(siteId)) return undefined;
    return c.search.authorIds;
  }

  /** The filters as Criteria, or null when nothing can match (an empty date range). */
  private async criteria(q: GalleryFilters): Promise<Criteria | null> {
    let from = q.dateFrom ?? NO_DATE_FROM;
    let to = q.dateTo ?? NO_DATE_TO;
    if (q.siteDate) {
      from = q.siteDate > from ? q.siteDate : from;
      to = q.siteDate < to ? q.siteDate : to;
    }
    if (from > to) return null;
    const term = q.search?.trim();
    if (!term) return { from, to };
    const [siteIds, authorIds] = await Promise.all([
      this.repo.sitesMatching(term),
      this.repo.authorsMatching(term),
    ]);
    return { from, to, search: { pattern: containsPattern(term), siteIds, authorIds } };
  }
}
