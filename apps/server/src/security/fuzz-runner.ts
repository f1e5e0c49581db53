import type { HostileRequest } from './hostile-requests.ts';

export type Sent = { status: number; text: string; body: unknown; headers: Headers; setCookie: string[] };

let ipSeq = 0;
/**
 * A fresh client address per request (the server trusts X-Forwarded-For), so the sign-in
 * limiter's per-address count never turns the fuzzing of other fields into a stream of 429s.
 */
export const nextIp = () => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

export async function send(baseUrl: string, req: HostileRequest, cookie?: string): Promise<Sent> {
  const url = new URL(req.path, baseUrl);
  for (const [k, v] of req.query) url.searchParams.append(k, v);
  const headers: Record<string, string> = { ...req.headers, 'x-forwarded-for': nextIp() };
  if (cookie) headers.cookie = `SESSION=${cookie}`;
  const hasBody = req.body !== undefined && req.method !== 'GET' && req.method !== 'HEAD';
  if (hasBody && req.body) headers['content-type'] = req.body.contentType;
  const res = await fetch(url, {
    method: req.method,
    headers,
    body: hasBody ? req.body?.text : undefined,
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body, headers: res.headers, setCookie: res.headers.getSetCookie() };
}

// English framework wording that must not reach a Slovak user (quoted field names are ignored).
const ENGLISH =
  /\b(must|should|expected|required|invalid|not found|unsupported|too large|bad request|unexpected|error|exceeded|body|querystring)\b/i;

/** Why a 4xx answer is not the product's error shape with a human Slovak message, or null. */
export function badErrorBody(res: Sent): string | null {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return `content-type ${type || '(none)'}`;
  const body = res.body as { message?: unknown; code?: unknown } | undefined;
  if (!body || typeof body !== 'object') return 'body is not a JSON object';
  if (typeof body.code !== 'string' || body.code === '') return 'no code';
  if (typeof body.message !== 'string' || body.message.trim().length < 3) return 'no message';
  if (/\n\s+at |Error: |node_modules|\.ts:\d+/.test(res.text)) return 'stack trace or internals in the body';
  const prose = body.message.replace(/„[^“]*“/g, '').replace(/"[^"]*"/g, '');
  if (ENGLISH.test(prose)) return `message not in Slovak: ${body.message}`;
  return null;
}

/** A compact, bounded description of a request for a failure report. */
export function describe(req: HostileRequest): string {
  const cut = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  const query = req.query.map(([k, v]) => `${k}=${cut(JSON.stringify(v), 120)}`).join('&');
  const headers = Object.keys(req.headers).length ? ` headers=${cut(JSON.stringify(req.headers), 200)}` : '';
  const body = req.body ? ` body(${req.body.contentType})=${cut(req.body.text)}` : '';
  return `${req.method} ${cut(req.path, 200)}${query ? `?${query}` : ''}${headers}${body}  [${req.label}]`;
}
