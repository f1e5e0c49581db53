import { describe, expect, test } from 'vitest';
import { appRoutes, screenLoaderFor } from './routes.tsx';

describe('screenLoaderFor: the chunk start-up fetches early for the address opened', () => {
  test('matches like the router: any case, a trailing slash', () => {
    const sites = appRoutes.find((r) => r.path === '/administration/sites');
    expect(sites).toBeDefined();
    expect(screenLoaderFor('/administration/sites')).toBe(sites?.load);
    expect(screenLoaderFor('/Administration/SITES/')).toBe(sites?.load);
    expect(screenLoaderFor('/')).toBe(appRoutes[0]?.load);
  });

  test('no screen for an address no route has', () => {
    expect(screenLoaderFor('/administration')).toBeUndefined();
    expect(screenLoaderFor('/nothing-here')).toBeUndefined();
  });
});
