import {
  type Page,
  SITE_SELECT_LIMIT,
  type Site,
  type SiteOption,
  type siteBody,
  type siteUpdateBody,
} from '@app/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { DuplicateSiteCodeError, type SitesRepository } from './sites.repository.ts';

export const SITE_MESSAGES = {
  notFound: 'Site sa nenašiel',
  codeTaken: 'Site s týmto kódom už existuje',
  created: 'Site bol úspešne vytvorený',
  updated: 'Site bol úspešne upravený',
  deactivated: 'Site bol deaktivovaný',
};

const codeTaken = () => AppError.conflict('SITE_CODE_TAKEN', SITE_MESSAGES.codeTaken);

export class SitesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: SitesRepository,
  ) {}

  async table(search: string | undefined, page: number, size: number): Promise<Page<Site>> {
    const { content, total } = await this.repo.page(search, page, size);
    return { content, page, totalPages: Math.ceil(total / size), totalElements: total };
  }

  select(
    search: string | undefined,
    lat: number | undefined,
    lng: number | undefined,
  ): Promise<SiteOption[]> {
    const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
    return this.repo.options(search, near, SITE_SELECT_LIMIT);
  }

  async detail(id: number): Promise<Site> {
    const site = await this.repo.findById(id);
    if (!site) throw AppError.notFound(SITE_MESSAGES.notFound);
    return site;
  }

  async create(body: z.output<typeof siteBody>): Promise<Site> {
    if (await this.repo.codeTaken(body.code)) throw codeTaken();
    try {
      return await this.detail(await this.repo.insert(body, this.ctx.clock.now()));
    } catch (err) {
      throw err instanceof DuplicateSiteCodeError ? codeTaken() : err;
    }
  }

  async update(id: number, body: z.output<typeof siteUpdateBody>): Promise<Site> {
    await this.detail(id);
    if (await this.repo.codeTaken(body.code, id)) throw codeTaken();
    try {
      await this.repo.update(id, body, this.ctx.clock.now());
    } catch (err) {
      throw err instanceof DuplicateSiteCodeError ? codeTaken() : err;
    }
    return this.detail(id);
  }

  /** "Delete" keeps the site and its content; it only leaves the picker. */
  async deactivate(id: number): Promise<string> {
    await this.detail(id);
    await this.repo.deactivate(id, this.ctx.clock.now());
    return SITE_MESSAGES.deactivated;
  }
}
