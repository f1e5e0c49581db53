import type { ExportFilters } from '@app/contract';
import { containsPattern } from '../../db/database.ts';
import type { Selection } from './export-media.repository.ts';

/** The one lookup the search needs beyond media rows: authors whose name matches (the gallery's). */
export type AuthorFinder = { authorsMatching(term: string): Promise<number[]> };

/**
 * The gallery's filters with the gallery's meaning (GalleryService): `siteDate` narrows the
 * inclusive date range, and the search matches the site's name or code, or the author's name.
 */
export class ExportSelector {
  constructor(private readonly authors: AuthorFinder) {}

  async resolve(f: ExportFilters, maxMediaId: number): Promise<Selection> {
    let from = f.dateFrom;
    let to = f.dateTo;
    if (f.siteDate) {
      from = from && from > f.siteDate ? from : f.siteDate;
      to = to && to < f.siteDate ? to : f.siteDate;
    }
    const base = { from, to, siteId: f.siteId, maxMediaId, authorIds: [] as number[] };
    const term = f.search?.trim();
    if (!term) return base;
    return { ...base, pattern: containsPattern(term), authorIds: await this.authors.authorsMatching(term) };
  }
}
