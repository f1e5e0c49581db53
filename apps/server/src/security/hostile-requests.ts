import fc from 'fast-check';
import { fillPath, type JsonSchema, type Operation } from './openapi-ops.ts';
import { exampleOf, hostileJson, hostileString, pollution, protoKey } from './schema-values.ts';

/** One request as sent on the wire, with a note of what was broken in it. */
export type HostileRequest = {
  label: string;
  method: string;
  path: string;
  query: [string, string][];
  headers: Record<string, string>;
  body?: { contentType: string; text: string };
};

const BODY_MAX = 100_000;
// A URL over Node's 16 KiB header limit never reaches the app; one such request is tested apart.
const URL_VALUE_MAX = 1_500;
const HEADER_MAX = 2_000;

type Shape = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
};

type Mutation = { label: string; apply(s: Shape): Shape; raw?: { contentType: string; text: string } };

/** Every JSON path inside an example value, so nested fields get broken too (depth-limited). */
function pathsOf(value: unknown, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 3 || value === null || typeof value !== 'object') return [];
  const out: (string | number)[][] = [];
  for (const [k, v] of Object.entries(value)) {
    const p = [...prefix, Array.isArray(value) ? Number(k) : k];
    out.push(p, ...pathsOf(v, p, depth + 1));
  }
  return out;
}

const clone = <T>(v: T): T => structuredClone(v);

function setAt(root: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    // defineProperty, not assignment: a key named __proto__ must become an own property.
    Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

const required = (schema: JsonSchema | undefined) => new Set(schema?.required ?? []);

/** Arbitrary hostile requests for one operation, each breaking one thing of a valid-looking base. */
function baseShape(op: Operation, hints: Record<string, unknown>): Shape {
  const base: Shape = { path: {}, query: {}, headers: {}, body: undefined };
  for (const p of op.params) {
    const where =
      p.in === 'path' ? base.path : p.in === 'query' ? base.query : p.in === 'header' ? base.headers : null;
    if (where && (p.required || p.in === 'path')) where[p.name] = exampleOf(p.schema, hints, p.name);
  }
  if (op.body) base.body = exampleOf(op.body.schema, hints);
  return base;
}

const NUL = 'a\u0000b';

/** One request per path/query parameter and per top-level body field (and key) holding a NUL. */
export function nulRequests(op: Operation, hints: Record<string, unknown>): HostileRequest[] {
  const base = baseShape(op, hints);
  const out: HostileRequest[] = [];
  const add = (label: string, apply: (s: Shape) => Shape) =>
    out.push(toRequest(op, apply(clone(base)), { label, apply }, false));
  for (const p of op.params.filter((x) => x.in === 'path' || x.in === 'query')) {
    const where = p.in as 'path' | 'query';
    add(`${p.in} ${p.name} holds NUL`, (s) => ({ ...s, [where]: { ...s[where], [p.name]: NUL } }));
  }
  if (op.body && base.body !== null && typeof base.body === 'object' && !Array.isArray(base.body)) {
    for (const key of Object.keys(base.body)) {
      add(`body ${key} holds NUL`, (s) => ({ ...s, body: setAt(s.body, [key], NUL) }));
    }
    add('body key holds NUL', (s) => ({ ...s, body: setAt(s.body, ['x\u0000y'], 'z') }));
  }
  return out;
}

export function hostileRequests(op: Operation, hints: Record<string, unknown>): fc.Arbitrary<HostileRequest> {
  const base = baseShape(op, hints);

  const mutations: fc.Arbitrary<Mutation>[] = [];
  const optionalParams = op.params.filter((p) => !p.required && p.in !== 'cookie');
  const urlParams = op.params.filter((p) => p.in === 'path' || p.in === 'query');
  const headerParams = op.params.filter((p) => p.in === 'header');

  if (urlParams.length > 0 || optionalParams.length > 0) {
    const targets = [...urlParams, ...optionalParams.filter((p) => p.in === 'query')];
    mutations.push(
      fc.tuple(fc.constantFrom(...targets), urlValue()).map(([p, v]) => ({
        label: `${p.in} ${p.name} = hostile`,
        apply: (s) => ({ ...s, [p.in]: { ...s[p.in as 'path' | 'query'], [p.name]: v } }),
      })),
    );
  }
  const requiredQuery = op.params.filter((p) => p.in === 'query' && p.required);
  if (requiredQuery.length > 0) {
    mutations.push(
      fc.constantFrom(...requiredQuery).map((p) => ({
        label: `query ${p.name} missing`,
        apply: (s) => {
          const query = { ...s.query };
          delete query[p.name];
          return { ...s, query };
        },
      })),
    );
  }
  mutations.push(
    fc.tuple(fc.oneof(protoKey(), hostileString(30)), urlValue()).map(([k, v]) => ({
      label: `extra query ${JSON.stringify(k)}`,
      apply: (s) => ({ ...s, query: { ...s.query, [k]: v } }),
    })),
  );
  if (headerParams.length > 0) {
    mutations.push(
      fc.tuple(fc.constantFrom(...headerParams), hostileString(HEADER_MAX)).map(([p, v]) => ({
        label: `header ${p.name} = hostile`,
        apply: (s) => ({ ...s, headers: { ...s.headers, [p.name]: v } }),
      })),
    );
  }
  if (op.body) mutations.push(...bodyMutations(op.body.schema, base.body, op.body.contentType));

  return fc.tuple(fc.oneof(...mutations), fc.boolean()).map(([m, withBody]) => {
    const shape = m.apply(clone(base));
    return toRequest(op, shape, m, withBody);
  });
}

function bodyMutations(schema: JsonSchema, example: unknown, contentType: string): fc.Arbitrary<Mutation>[] {
  const form = contentType === 'application/x-www-form-urlencoded';
  const value = form
    ? fc.oneof(hostileString(BODY_MAX), fc.array(hostileString(200), { maxLength: 3 }))
    : hostileJson(BODY_MAX);
  const out: fc.Arbitrary<Mutation>[] = [];
  const paths = pathsOf(example);
  if (paths.length > 0) {
    out.push(
      fc.tuple(fc.constantFrom(...paths), value).map(([p, v]) => ({
        label: `body ${p.join('.')} = hostile`,
        apply: (s) => ({ ...s, body: setAt(s.body, p, v) }),
      })),
      fc.constantFrom(...paths).map((p) => ({
        label: `body ${p.join('.')} missing`,
        apply: (s) => ({ ...s, body: setAt(s.body, p, undefined, true) }),
      })),
    );
  }
  const req = [...required(schema)];
  if (req.length > 0) {
    out.push(
      fc.constantFrom(...req).map((k) => ({
        label: `body ${k} (required) missing`,
        apply: (s) => ({ ...s, body: setAt(s.body, [k], undefined, true) }),
      })),
    );
  }
  out.push(
    fc
      .tuple(fc.oneof(protoKey(), hostileString(40)), form ? value : fc.oneof(hostileJson(2000), pollution()))
      .map(([k, v]) => ({
        label: `body extra field ${JSON.stringify(k).slice(0, 60)}`,
        apply: (s) => ({ ...s, body: setAt(s.body ?? {}, [k], v) }),
      })),
    (form ? value : hostileJson(BODY_MAX)).map((v) => ({
      label: 'body replaced by a hostile value',
      apply: (s) => ({ ...s, body: v }),
    })),
    fc.constantFrom(...rawBodies(contentType)).map((raw) => ({
      label: `raw body ${JSON.stringify(raw.text.slice(0, 40))} as ${raw.contentType}`,
      apply: (s) => s,
      raw,
    })),
  );
  return out;
}

function rawBodies(contentType: string): { contentType: string; text: string }[] {
  const json = 'application/json';
  return [
    { contentType: json, text: '{' },
    { contentType: json, text: '' },
    { contentType: json, text: 'null' },
    { contentType: json, text: '"text"' },
    { contentType: json, text: '{"a": NaN, "b": Infinity}' },
    { contentType: json, text: '{"a": 1e999}' },
    { contentType: json, text: '{"__proto__": {"admin": true}}' },
    { contentType: json, text: '{"constructor": {"prototype": {"admin": true}}}' },
    { contentType: json, text: '\uFEFF{}' },
    { contentType: 'application/json; charset=utf-16', text: '{}' },
    { contentType: 'text/plain', text: '{}' },
    {
      contentType: 'application/xml',
      text: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
    },
    {
      contentType: 'multipart/form-data; boundary=x',
      text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    },
    { contentType: 'application/x-www-form-urlencoded', text: '__proto__[admin]=true&a=%ZZ&&=&b' },
    { contentType, text: '%'.repeat(20_000) },
  ];
}

function urlValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileString(URL_VALUE_MAX) },
    { weight: 1, arbitrary: fc.array(hostileString(50), { minLength: 2, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 0.5) },
  );
}

const asText = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

function entries(values: Record<string, unknown>): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) out.push([k, asText(item)]);
    else out.push([k, asText(v)]);
  }
  return out;
}

/** Header values must be visible Latin-1 (fetch refuses anything else). */
const headerSafe = (v: string) => v.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').slice(0, HEADER_MAX);

function toRequest(op: Operation, s: Shape, m: Mutation, withBinaryBody: boolean): HostileRequest {
  const req: HostileRequest = {
    label: m.label,
    method: op.method,
    path: fillPath(op.path, Object.fromEntries(entries(s.path))),
    query: entries(s.query),
    headers: Object.fromEntries(entries(s.headers).map(([k, v]) => [k, headerSafe(v)])),
  };
  if (m.raw) req.body = m.raw;
  else if (op.body && s.body !== undefined) {
    req.body =
      op.body.contentType === 'application/x-www-form-urlencoded'
        ? { contentType: op.body.contentType, text: formText(s.body) }
        : { contentType: op.body.contentType, text: JSON.stringify(s.body) ?? 'null' };
  } else if (op.binaryBody && withBinaryBody) {
    // Raw uploads are fuzzed by their own suite; here only their query and headers are hostile.
    req.body = { contentType: 'application/octet-stream', text: 'fuzz' };
  }
  return req;
}

function formText(body: unknown): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return asText(body);
  const params = new URLSearchParams();
  for (const [k, v] of entries(body as Record<string, unknown>)) params.append(k, v);
  return params.toString();
}
