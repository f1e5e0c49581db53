import { z } from 'zod';
import { AUTHORITIES, type Route } from './access.ts';

export const authoritySchema = z.enum(AUTHORITIES);

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

/** A route with its schemas: what the server validates and the web app's calls are typed by. */
export type Endpoint = Route & {
  summary: string;
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
