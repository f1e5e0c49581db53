import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

// How far into a parsed body to look; deeper nesting is refused outright as no route takes it.
const MAX_DEPTH = 64;

const SOURCES = [
  ['params', 'parameter '],
  ['query', 'parameter '],
  ['body', ''],
] as const;

/**
 * Text no route accepts, refused for every route before validation and before any handler runs:
 * a NUL character (PostgreSQL cannot store it, so it used to end as a 500 there and pass on
 * SQLite) anywhere in the path, query or body, in a value or a key, and bodies nested absurdly deep.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [source, prefix] of SOURCES) {
      const problem = findProblem(request[source]);
      if (problem) {
        const field = problem.path || '(telo)';
        throw AppError.badRequest(
          'VALIDATION',
          `Neplatná hodnota: ${prefix}„${field}“ – ${problem.message}`,
          [{ field, message: problem.message }],
        );
      }
    }
  });
}

type Problem = { path: string; message: string };

function findProblem(root: unknown): Problem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path, message: 'Obsahuje nepovolený znak' };
      continue;
    }
    // Raw bodies (uploads) arrive as bytes or streams: not text, not walked.
    if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || 'pipe' in value) continue;
    if (depth >= MAX_DEPTH) return { path, message: 'Príliš hlboko vnorená hodnota' };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return { path: childPath, message: 'Obsahuje nepovolený znak' };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}
