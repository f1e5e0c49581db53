import { z } from 'zod';

export const AUTHORITIES = [
  'ADD_PHOTOS',
  'MANAGE_SITES',
  'VIEW_GALLERY',
  'MANAGE_USERS',
  'EXPORT_GALLERY',
  'NEW_PHOTO_NOTIFICATION',
] as const;
export const authoritySchema = z.enum(AUTHORITIES);
export type Authority = z.infer<typeof authoritySchema>;

export const AUTHORITY_LABELS: Record<Authority, string> = {
  ADD_PHOTOS: 'Pridávanie fotografií a videí',
  MANAGE_SITES: 'Správa site-ov',
  VIEW_GALLERY: 'Prezeranie galérie',
  MANAGE_USERS: 'Správa používateľov',
  EXPORT_GALLERY: 'Export galérie',
  NEW_PHOTO_NOTIFICATION: 'Notifikácie o nových fotografiách',
};

export const MAX_PAGE_SIZE = 100;

/** Query numbers arrive as strings; coerce, but refuse anything that is not a small whole number. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  search: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    content: z.array(item),
    page: z.number().int(),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
  });
export type Page<T> = { content: T[]; page: number; totalPages: number; totalElements: number };

export const dataOf = <T extends z.ZodTypeAny>(data: T) => z.object({ data, message: z.string().optional() });

export const messageBody = z.object({ message: z.string() });

export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Who may call a route. `public`: anyone; `signedIn`: any session; a list: any one of those
 * authorities (an admin holds them all).
 */
export type Access = 'public' | 'signedIn' | readonly Authority[];

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  /** GETs that change state, refused cross-site like any POST. */
  sameOriginOnly?: boolean;
  summary: string;
  /** Request content types, when not JSON (the sign-in form). */
  consumes?: string[];
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  /** Request headers the route reads (lower-case names), validated like the query. */
  headers?: z.ZodTypeAny;
  response: z.ZodTypeAny;
  /** Answers besides 200 that carry a body of their own (206 of a partial upload). */
  otherResponses?: Record<number, z.ZodTypeAny>;
};

export const defineEndpoints = <T extends Record<string, Endpoint>>(endpoints: T): T => endpoints;
