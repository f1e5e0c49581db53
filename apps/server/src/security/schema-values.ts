import fc from 'fast-check';
import type { JsonSchema } from './openapi-ops.ts';

/**
 * A plausible valid value for a JSON schema. The fuzzer starts from it and breaks one thing at a
 * time, so hostile values get past the other fields' validation into deeper code.
 */
export function exampleOf(schema: JsonSchema, hints: Record<string, unknown> = {}, key = ''): unknown {
  if (key in hints) return hints[key];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return exampleOf(alternatives[0] as JsonSchema, hints, key);
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((s) => exampleOf(s, hints, key) as object));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {}))
        out[name] = exampleOf(prop, hints, name);
      return out;
    }
    case 'array':
      return schema.minItems ? [exampleOf(schema.items ?? {}, hints, key)] : [];
    case 'integer':
    case 'number':
      return numberIn(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return stringFor(schema);
  }
}

function numberIn(schema: JsonSchema): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let n = 1;
  if (min !== undefined && n < min) n = Math.ceil(min);
  if (max !== undefined && n > max) n = Math.floor(max);
  return n;
}

// Strings that satisfy the formats and patterns this product uses (e-mail, password, date, codes).
const CANDIDATES = ['fuzz@test.sk', 'Heslo123', '2024-05-17', 'ABC-1', 'x', '1', 'a'.repeat(16)];

function stringFor(schema: JsonSchema): string {
  if (schema.format === 'email') return 'fuzz@test.sk';
  if (schema.format === 'date') return '2024-05-17';
  if (schema.format === 'date-time') return '2024-05-17T10:00:00.000Z';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
  const fits = (s: string) =>
    s.length >= (schema.minLength ?? 0) &&
    s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(s));
  return CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

// ---- hostile values -------------------------------------------------------------------------

/** Text that has broken parsers, databases and renderers before. */
const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C.jpg',
  'שלום עולם',
  'مرحبا بالعالم',
  '👷‍♀️🏗️🧱',
  'Z\u0301\u0327\u0308alg\u0335o\u0336',
  '\uFEFF\u200B\u200D',
  '\uD800',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '%',
  '_',
  '\\',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell probe, meant literally
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '\r\nSet-Cookie: x=1',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '-0',
  '0x1F',
  '9'.repeat(400),
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];

const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Strings of up to `maxLength` characters: long runs, random unicode, and the nasty list. */
export function hostileString(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...NASTY_TEXT),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
    fc
      .tuple(
        fc.integer({ min: Math.min(256, maxLength), max: maxLength }),
        fc.constantFrom('A', 'ž', '👷', '\u202E', '<'),
      )
      .map(([n, c]) => c.repeat(Math.max(1, Math.floor(n / c.length)))),
  );
}

/** Any JSON value that is likely the wrong type or out of range for whatever field receives it. */
export function hostileJson(maxLength: number): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    hostileString(maxLength),
    fc.constantFrom(...NASTY_NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  );
  return fc.oneof(
    { weight: 4, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileString(40), leaf, { maxKeys: 4 }) },
    { weight: 1, arbitrary: pollution() },
    { weight: 1, arbitrary: fc.constant(deepArray(2000)) },
  );
}

/** Objects with own `__proto__`/`constructor` keys, as JSON.parse makes them from a request. */
export function pollution(): fc.Arbitrary<unknown> {
  return fc
    .constantFrom(...PROTO_KEYS)
    .map((k) => JSON.parse(`{"${k}": {"admin": true, "polluted": "yes", "prototype": {"polluted": "yes"}}}`));
}

export const protoKey = () => fc.constantFrom(...PROTO_KEYS);

function deepArray(depth: number): unknown {
  return JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}
