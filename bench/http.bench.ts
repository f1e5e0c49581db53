import { BENCH_ADMIN, signIn } from './lib/accounts.ts';
import { type ServerChild, startChild } from './lib/child.ts';
import { databaseTargets } from './lib/databases.ts';
import {
  alternate,
  BENCH_CONNECTIONS,
  BENCH_ROUNDS,
  BENCH_SECONDS,
  type LoadResult,
  load,
} from './lib/load.ts';
import { fixed, machine, mib, ratioText, table } from './lib/stats.ts';

/**
 * HTTP throughput of the real server (session lookup on every request, security headers, zod) against a bare
 * Fastify hello-world in the same run, on SQLite and, when a URL is set, PostgreSQL.
 * Goal: each of our routes at ≥ 0.5 of bare's requests per second.
 */
const GOAL = 0.5;
const APP = new URL('./lib/app-server.ts', import.meta.url);
const BARE = new URL('./lib/bare-server.ts', import.meta.url);
const GALLERY = '/apis/api/v1/site-content/gallery';

console.log(`HTTP benchmark · ${machine()}`);
console.log(
  `autocannon · ${BENCH_CONNECTIONS} connections · ${BENCH_SECONDS} s per side in ${BENCH_ROUNDS} alternating slices (bare, ours, bare, …) after a warm-up\n`,
);

const rows: (string | number)[][] = [
  [
    'database',
    'route',
    'req/s',
    'p50 ms',
    'p99 ms',
    'CPU µs/req',
    'bare req/s',
    'bare CPU µs/req',
    'ratio vs bare',
    'CPU ratio',
    'server peak RSS',
  ],
];

/**
 * A load function that also adds up the server process's CPU time while it runs: CPU per request
 * hardly depends on what else the machine is doing, requests per second very much does.
 */
function metered(server: ServerChild, run: (seconds: number) => Promise<LoadResult>) {
  let cpu = 0;
  return {
    run: async (seconds: number) => {
      const before = server.cpuSeconds();
      const result = await run(seconds);
      cpu += server.cpuSeconds() - before;
      return result;
    },
    microsPerRequest: (r: LoadResult) => (cpu * 1e6) / r.requests,
  };
}
const verdicts: string[] = [];

const bare = await startChild(BARE);
try {
  await load(`${bare.url}/`, {}, 3);
  for (const db of await databaseTargets()) {
    try {
      const app = await startChild(APP, { ...db.env, BENCH_SEED_USERS: '200' });
      try {
        const cookie = await signIn(app.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
        const doc = (await (await fetch(`${app.url}/apis/docs/openapi.json`)).json()) as { paths: object };
        const routes: [string, string][] = [
          ['GET /apis/auth-check', '/apis/auth-check'],
          ['GET user table page (200 users)', '/apis/api/v1/user/table?page=0&size=10'],
        ];
        if (GALLERY in doc.paths) routes.push(['GET gallery page (empty)', `${GALLERY}?page=0&size=10`]);
        // BENCH_HTTP_ROUTES=auth-check,gallery: only the routes whose name holds one of these.
        const only = process.env.BENCH_HTTP_ROUTES?.split(',').filter(Boolean);
        for (const [name, path] of routes.filter(([n]) => !only || only.some((o) => n.includes(o)))) {
          await load(`${app.url}${path}`, { cookie }, 3);
          const bareSide = metered(bare, (s) => load(`${bare.url}/`, {}, s));
          const ourSide = metered(app, (s) => load(`${app.url}${path}`, { cookie }, s));
          const [reference, ours] = await alternate(bareSide.run, ourSide.run);
          if (ours.failed > 0) throw new Error(`${name}: ${ours.failed} of ${ours.requests} requests failed`);
          const ratio = ratioText(ours.rps / reference.rps, GOAL);
          const ourCpu = ourSide.microsPerRequest(ours);
          const bareCpu = bareSide.microsPerRequest(reference);
          rows.push([
            db.name,
            name,
            fixed(ours.rps, 0),
            fixed(ours.p50, 0),
            fixed(ours.p99, 0),
            fixed(ourCpu, 0),
            fixed(reference.rps, 0),
            fixed(bareCpu, 0),
            ratio,
            fixed(bareCpu / ourCpu, 2),
            '',
          ]);
          verdicts.push(
            `${db.name} ${name}: ${ratio}; CPU ratio (bare's CPU per request ÷ ours) ${fixed(bareCpu / ourCpu, 2)}`,
          );
        }
        const rss = mib(await app.peakRss());
        for (const r of rows) if (r[0] === db.name) r[10] = rss;
      } finally {
        await app.stop();
      }
    } finally {
      await db.drop();
    }
  }
  rows.push([
    '–',
    'bare Fastify GET / (reference)',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    mib(await bare.peakRss()),
  ]);
} finally {
  await bare.stop();
}

console.log(table(rows));
console.log(`\n${verdicts.join('\n')}`);
