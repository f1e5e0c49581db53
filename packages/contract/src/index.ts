import { z } from 'zod';

// Zod speaks Slovak wherever the contract is used: server errors and web form messages alike.
z.config(z.locales.sk());

export * from './access.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './exports.ts';
export * from './gallery.ts';
export * from './limits.ts';
export * from './notifications.ts';
export * from './password.ts';
export * from './sites.ts';
export * from './uploads.ts';
export * from './users.ts';
