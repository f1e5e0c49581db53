import type { TestServer } from '../../test/harness.ts';
import type { HttpClient } from '../../test/http-client.ts';

export const V1 = '/apis/api/v1/user';
let seq = 0;
export const uniqueEmail = (tag: string) => `${tag}-${++seq}-${Date.now()}@test.sk`;

/** Small helpers over the users API, shared by the users test files. */
export function usersKit(server: () => TestServer, admin: () => HttpClient) {
  const newUser = (over: Record<string, unknown> = {}) => ({
    firstName: 'Ján',
    lastName: 'Tester',
    email: uniqueEmail('user'),
    password: 'Heslo123',
    permissions: ['ADD_PHOTOS'],
    ...over,
  });
  const create = (body: Record<string, unknown>, as: HttpClient = admin()) => as.post(`${V1}/create`, body);
  const detail = async (id: number) => (await admin().get(`${V1}/detail/${id}`)).body.data;
  const search = async (term: string, extra: Record<string, string | number> = {}) =>
    (await admin().get(`${V1}/table`, { query: { search: term, ...extra } })).body.data;
  const linkCode = (link: string | undefined) => new URL(link as string).searchParams.get('code') as string;
  return { newUser, create, detail, search, linkCode, server };
}
