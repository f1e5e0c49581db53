/** Accounts the benchmark server (app-server.ts) creates, for the benchmarks to sign in with. */
export const BENCH_ADMIN = { email: 'admin@bench.sk', password: 'BenchAdmin1' };
export const SEED_PASSWORD = 'Bench1234';
export const seededEmail = (i: number) => `bench${i}@bench.sk`;

/** Signs in over HTTP and returns the SESSION cookie (`SESSION=…`). */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  ip = '10.0.0.1',
): Promise<string> {
  const res = await fetch(`${baseUrl}/apis/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ username: email, password, 'remember-me': 'on' }).toString(),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('SESSION='));
  if (!cookie) throw new Error('sign-in set no SESSION cookie');
  return cookie.split(';')[0] as string;
}
