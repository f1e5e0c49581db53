import { z } from 'zod';
import { dataOf, defineEndpoints, idParam, messageBody, pageOf, pageQuery } from './common.ts';
import { siteRoutes } from './sites.routes.ts';

export const SITE_PAGE_SIZE = 10;
/** The site picker never lists more than this many options. */
export const SITE_SELECT_LIMIT = 50;

export const site = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  lat: z.number(),
  lng: z.number(),
  active: z.boolean(),
});
export type Site = z.infer<typeof site>;

/** One option of the site picker: `label` is "CODE – name"; distance only when the caller's position was given. */
export const siteOption = z.object({
  value: z.number().int(),
  label: z.string(),
  distanceMeters: z.number().optional(),
});
export type SiteOption = z.infer<typeof siteOption>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} je povinný` })
    .trim()
    .min(1, { error: `${label} je povinný` })
    .max(max, { error: `${label} môže mať najviac ${max} znakov` });

const latitude = z
  .number({ error: 'Zemepisná šírka je povinná' })
  .min(-90, { error: 'Zemepisná šírka musí byť od -90 do 90' })
  .max(90, { error: 'Zemepisná šírka musí byť od -90 do 90' });
const longitude = z
  .number({ error: 'Zemepisná dĺžka je povinná' })
  .min(-180, { error: 'Zemepisná dĺžka musí byť od -180 do 180' })
  .max(180, { error: 'Zemepisná dĺžka musí byť od -180 do 180' });

export const siteBody = z.object({
  name: text('Názov', 200),
  code: text('Kód', 50),
  lat: latitude,
  lng: longitude,
});
export type SiteBody = z.input<typeof siteBody>;

/** Update may also reactivate a deactivated site (`active: true`); absent keeps the state. */
export const siteUpdateBody = siteBody.extend({ active: z.boolean().optional() });
export type SiteUpdateBody = z.input<typeof siteUpdateBody>;

// Query strings: an empty `lat=` is "not given", anything else must be a number in range.
const queryNumber = <T extends z.ZodNumber>(n: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), n.optional());

export const siteSelectQuery = z
  .object({
    search: z.string().max(200).optional(),
    lat: queryNumber(latitude),
    lng: queryNumber(longitude),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    path: ['lng'],
    error: 'Zemepisná šírka a dĺžka sa zadávajú spolu',
  });

export const siteEndpoints = defineEndpoints({
  table: {
    ...siteRoutes.table,
    summary:
      'Sites by name, inactive ones included; search over name and code (accent- and case-insensitive)',
    query: pageQuery,
    response: dataOf(pageOf(site)),
  },
  select: {
    ...siteRoutes.select,
    summary:
      'Active sites for the picker: nearest first when lat and lng are given, else by name; at most 50',
    query: siteSelectQuery,
    response: dataOf(z.array(siteOption)),
  },
  detail: {
    ...siteRoutes.detail,
    summary: 'One site for the edit form',
    params: idParam,
    response: dataOf(site),
  },
  create: {
    ...siteRoutes.create,
    summary: 'Create a site; the code is unique case-insensitively (409)',
    body: siteBody,
    response: dataOf(site),
  },
  update: {
    ...siteRoutes.update,
    summary: 'Update a site; the code is unique case-insensitively (409)',
    params: idParam,
    body: siteUpdateBody,
    response: dataOf(site),
  },
  deactivate: {
    ...siteRoutes.deactivate,
    summary: 'Deactivate a site; its content stays',
    params: idParam,
    response: messageBody,
  },
});
