/**
 * The contract as the browser's start-up code takes it: where each route is and the shared
 * limits, without zod. Every table below is typed by its full endpoints (type-only imports, erased
 * from the build), so the app's calls keep their request and response types while zod and the
 * schemas stay out of the sign-in, shell and capture chunks; only a screen that validates with a
 * schema (the gallery filters) imports `@app/contract` itself.
 */
import type { Route } from './access.ts';
import { authRoutes } from './auth.routes.ts';
import type { Endpoint } from './common.ts';
import { exportRoutes } from './exports.routes.ts';
import { galleryRoutes } from './gallery.routes.ts';
import type * as contract from './index.ts';
import { notificationRoutes } from './notifications.routes.ts';
import { siteRoutes } from './sites.routes.ts';
import { uploadRoutes } from './uploads.routes.ts';
import { userRoutes } from './users.routes.ts';

export * from './access.ts';
export { dateFolderKey } from './gallery.routes.ts';
export type * from './index.ts';
export * from './limits.ts';

/** A route that carries, in its type only, the endpoint it belongs to. */
export type Routed<E extends Endpoint> = Route & { readonly endpoint?: E };
type Routes<T extends Record<string, Endpoint>> = { readonly [K in keyof T]: Routed<T[K]> };

// Each endpoint is `{ ...xRoutes.key, schemas }` in its module, so these are the same routes.
export const authEndpoints = authRoutes as Routes<typeof contract.authEndpoints>;
export const exportEndpoints = exportRoutes as Routes<typeof contract.exportEndpoints>;
export const galleryEndpoints = galleryRoutes as Routes<typeof contract.galleryEndpoints>;
export const notificationEndpoints = notificationRoutes as Routes<typeof contract.notificationEndpoints>;
export const siteEndpoints = siteRoutes as Routes<typeof contract.siteEndpoints>;
export const uploadEndpoints = uploadRoutes as Routes<typeof contract.uploadEndpoints>;
export const userEndpoints = userRoutes as Routes<typeof contract.userEndpoints>;
