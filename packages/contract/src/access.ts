// Plain values and types only: the web app's start-up code imports this without zod (web.ts).

export const AUTHORITIES = [
  'ADD_PHOTOS',
  'MANAGE_SITES',
  'VIEW_GALLERY',
  'MANAGE_USERS',
  'EXPORT_GALLERY',
  'NEW_PHOTO_NOTIFICATION',
] as const;
export type Authority = (typeof AUTHORITIES)[number];

export const AUTHORITY_LABELS: Record<Authority, string> = {
  ADD_PHOTOS: 'Pridávanie fotografií a videí',
  MANAGE_SITES: 'Správa site-ov',
  VIEW_GALLERY: 'Prezeranie galérie',
  MANAGE_USERS: 'Správa používateľov',
  EXPORT_GALLERY: 'Export galérie',
  NEW_PHOTO_NOTIFICATION: 'Notifikácie o nových fotografiách',
};

/**
 * Who may call a route. `public`: anyone; `signedIn`: any session; a list: any one of those
 * authorities (an admin holds them all).
 */
export type Access = 'public' | 'signedIn' | readonly Authority[];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where a route is, how it is called and who may: an endpoint without its schemas. */
export type Route = {
  method: Method;
  path: string;
  access: Access;
  /** GETs that change state, refused cross-site like any POST. */
  sameOriginOnly?: boolean;
  /** Request content types, when not JSON (the sign-in form). */
  consumes?: readonly string[];
};
