import type { Authority } from '@app/contract';

// Tests read answers loosely and assert the shape they need; the contract types the real callers.
// biome-ignore lint/suspicious/noExplicitAny: see above
type Loose = any;

export type HttpResponse<T = Loose> = { status: number; body: T; headers: Headers; text: string };

type RequestOptions = {
  json?: unknown;
  form?: Record<string, string>;
  body?: BodyInit;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
};

let userSeq = 0;

/** A browser-like client over real HTTP: keeps the SESSION cookie, sends same-origin headers. */
export class HttpClient {
  cookie: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request<T = Loose>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookie) headers.cookie = `SESSION=${this.cookie}`;
    let body: BodyInit | undefined = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('SESSION='));
    if (setCookie) {
      const value = setCookie.slice('SESSION='.length).split(';')[0] ?? '';
      this.cookie = value === '' || /Expires=Thu, 01 Jan 1970/i.test(setCookie) ? undefined : value;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }

  get<T = Loose>(path: string, opts?: RequestOptions) {
    return this.request<T>('GET', path, opts);
  }
  post<T = Loose>(path: string, json?: unknown, opts?: RequestOptions) {
    return this.request<T>('POST', path, { ...opts, json });
  }
  put<T = Loose>(path: string, json?: unknown, opts?: RequestOptions) {
    return this.request<T>('PUT', path, { ...opts, json });
  }
  delete<T = Loose>(path: string, opts?: RequestOptions) {
    return this.request<T>('DELETE', path, opts);
  }

  async signIn(email: string, password: string, remember = true): Promise<HttpResponse> {
    const res = await this.request('POST', '/apis/authenticate', {
      form: { username: email, password, ...(remember ? { 'remember-me': 'on' } : {}) },
    });
    if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.text}`);
    return res;
  }

  /**
   * Creates an active user with the given authorities through the admin API (this client must be
   * an admin's) and returns a client signed in as them.
   */
  async createUser(authorities: Authority[], opts: { admin?: boolean; password?: string } = {}) {
    userSeq += 1;
    const email = `user${userSeq}-${Date.now()}@test.sk`;
    const password = opts.password ?? 'Heslo123';
    const res = await this.post('/apis/api/v1/user/create', {
      firstName: 'Test',
      lastName: `Používateľ ${userSeq}`,
      email,
      password,
      admin: opts.admin ?? false,
      active: true,
      permissions: authorities,
    });
    if (res.status !== 200) throw new Error(`create user failed: ${res.status} ${res.text}`);
    const client = new HttpClient(this.baseUrl);
    await client.signIn(email, password);
    return { client, id: res.body.data.id as number, email, password };
  }
}
