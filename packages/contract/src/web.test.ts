import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as contract from './index.ts';
import * as web from './web.ts';

const groups = [
  'authEndpoints',
  'exportEndpoints',
  'galleryEndpoints',
  'notificationEndpoints',
  'siteEndpoints',
  'uploadEndpoints',
  'userEndpoints',
] as const;
const ROUTE_KEYS = ['method', 'path', 'access', 'consumes', 'sameOriginOnly'] as const;

describe('@app/contract/web: the routes without the schemas', () => {
  it('has every endpoint of the contract, at the same place, called the same way', () => {
    for (const group of groups) {
      const full = contract[group] as Record<string, Record<string, unknown>>;
      const plain = web[group] as Record<string, Record<string, unknown>>;
      expect(Object.keys(plain).sort(), group).toEqual(Object.keys(full).sort());
      for (const [name, endpoint] of Object.entries(full)) {
        const pick = (e: Record<string, unknown>) => ROUTE_KEYS.map((k) => e[k]);
        expect(pick(plain[name] ?? {}), `${group}.${name}`).toEqual(pick(endpoint));
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
