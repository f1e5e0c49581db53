import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as full from './index.ts';
import * as plain from './web.ts';

type Table = Record<string, Record<string, unknown>>;
/** Each table of the contract beside its zod-free twin. */
const groups: [string, Table, Table][] = [
  ['authEndpoints', full.authEndpoints, plain.authEndpoints],
  ['exportEndpoints', full.exportEndpoints, plain.exportEndpoints],
  ['galleryEndpoints', full.galleryEndpoints, plain.galleryEndpoints],
  ['notificationEndpoints', full.notificationEndpoints, plain.notificationEndpoints],
  ['siteEndpoints', full.siteEndpoints, plain.siteEndpoints],
  ['uploadEndpoints', full.uploadEndpoints, plain.uploadEndpoints],
  ['userEndpoints', full.userEndpoints, plain.userEndpoints],
];
const ROUTE_KEYS = ['method', 'path', 'access', 'consumes', 'sameOriginOnly'] as const;

describe('@app/contract/web: the routes without the schemas', () => {
  it('has every endpoint of the contract, at the same place, called the same way', () => {
    // A new table in the contract without its twin here fails this.
    const tables = Object.entries(full)
      .filter(([k, v]) => k.endsWith('Endpoints') && typeof v === 'object')
      .map(([k]) => k);
    expect(groups.map(([name]) => name).sort()).toEqual(tables.sort());
    for (const [group, endpoints, routes] of groups) {
      expect(Object.keys(routes).sort(), group).toEqual(Object.keys(endpoints).sort());
      for (const [name, endpoint] of Object.entries(endpoints)) {
        const pick = (e: Record<string, unknown>) => ROUTE_KEYS.map((k) => e[k]);
        expect(pick(routes[name] ?? {}), `${group}.${name}`).toEqual(pick(endpoint));
      }
    }
  });

  it('imports no zod, directly or through the files it loads', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = fs.readFileSync(file, 'utf8');
      // Value imports and re-exports only: `import type` / `export type` are erased from the build.
      for (const m of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
        const spec = m[1] as string;
        expect(spec.startsWith('.'), `${path.basename(file)} imports ${spec}`).toBe(true);
        visit(path.resolve(path.dirname(file), spec));
      }
    };
    visit(path.join(import.meta.dirname, 'web.ts'));
    expect(seen.size).toBeGreaterThan(5);
  });
});
