/**
 * The live route table, read from the server's own OpenAPI document, so that the security
 * suites cover every route a feature module adds without anyone listing it here.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

export type Param = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
};

export type Operation = {
  method: string;
  /** Fastify form, `/apis/x/{id}` in the document, kept as it is and filled by `fillPath`. */
  path: string;
  params: Param[];
  /** The request body's content type and schema, when the operation takes a body. */
  body?: { contentType: string; schema: JsonSchema; required: boolean };
  /** The body is raw bytes (uploads): its content is someone else's to fuzz, not ours. */
  binaryBody: boolean;
};

type OpenApiDoc = {
  paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: OpenApiBody }>>;
};
type OpenApiBody = { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };

const STRUCTURED = ['application/json', 'application/x-www-form-urlencoded'];

export async function fetchOperations(baseUrl: string): Promise<Operation[]> {
  const res = await fetch(new URL('/apis/docs/openapi.json', baseUrl));
  if (res.status !== 200) throw new Error(`OpenAPI document answered ${res.status}`);
  return operationsOf((await res.json()) as OpenApiDoc);
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const types = Object.keys(content);
      const structured = types.find((t) => STRUCTURED.includes(t));
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p) => ({
          ...p,
          required: p.required === true,
          schema: p.schema ?? {},
        })),
        body: structured
          ? {
              contentType: structured,
              schema: content[structured]?.schema ?? {},
              required: op.requestBody?.required === true,
            }
          : undefined,
        binaryBody: types.length > 0 && !structured,
      });
    }
  }
  return ops;
}

export const opName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `/a/{id}/b` with `{id: '7'}` → `/a/7/b`, each value URL-encoded. A lone surrogate becomes the
 * invalid UTF-8 bytes a naive encoder would send (`%ED%A0%80`): one more thing to survive.
 */
export function fillPath(path: string, values: Record<string, string>): string {
  const encode = (v: string) =>
    v
      .split(LONE_SURROGATE)
      .map((part) => encodeURIComponent(part))
      .join('%ED%A0%80');
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(values[name] ?? ''));
}
