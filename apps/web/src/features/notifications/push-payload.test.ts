import { describe, expect, test } from 'vitest';
import {
  type ClientsLike,
  openTarget,
  parsePush,
  safeTarget,
  type WindowClientLike,
} from './push-payload.ts';

const data = (text: string) => ({ text: () => text });
const ORIGIN = 'https://app.example.sk';

describe('push payload', () => {
  test('the server payload {title, body, url}; anything else still makes a notification', () => {
    expect(parsePush(data('{"title":"Nová fotografia","body":"<b>x</b>","url":"/g?a=1"}'), 'App')).toEqual({
      title: 'Nová fotografia',
      body: '<b>x</b>',
      url: '/g?a=1',
    });
    expect(parsePush(data('plain text'), 'App')).toEqual({ title: 'App', body: 'plain text', url: '/' });
    expect(parsePush(null, 'App')).toEqual({ title: 'App', body: '', url: '/' });
    expect(parsePush(data('{"title":5}'), 'App')).toEqual({ title: 'App', body: '', url: '/' });
  });

  test('a click opens only pages of this app', () => {
    expect(safeTarget('/administration/sites-gallery?siteId=1', ORIGIN)).toBe(
      `${ORIGIN}/administration/sites-gallery?siteId=1`,
    );
    expect(safeTarget('https://evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(safeTarget('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(safeTarget(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});

describe('notification click', () => {
  const window_ = (url: string, focused = false) => {
    const calls: string[] = [];
    const client: WindowClientLike & { calls: string[] } = {
      url,
      focused,
      calls,
      focus: async () => void calls.push('focus'),
      navigate: async (to: string) => void calls.push(`navigate ${to}`),
    };
    return client;
  };
  const clientsOf = (windows: WindowClientLike[]) => {
    const opened: string[] = [];
    const clients: ClientsLike = {
      matchAll: async () => windows,
      openWindow: async (u) => void opened.push(u),
    };
    return { clients, opened };
  };

  test('the focused window of the app is shown the target, then focused', async () => {
    const other = window_(`${ORIGIN}/a`);
    const focused = window_(`${ORIGIN}/b`, true);
    const { clients, opened } = clientsOf([window_('https://elsewhere.sk/'), other, focused]);
    await openTarget(clients, `${ORIGIN}/target`, ORIGIN);
    expect(focused.calls).toEqual([`navigate ${ORIGIN}/target`, 'focus']);
    expect(other.calls).toEqual([]);
    expect(opened).toEqual([]);
  });

  test('without a window of the app a new one opens', async () => {
    const { clients, opened } = clientsOf([window_('https://elsewhere.sk/')]);
    await openTarget(clients, `${ORIGIN}/target`, ORIGIN);
    expect(opened).toEqual([`${ORIGIN}/target`]);
  });

  test('a window that refuses navigation is still focused', async () => {
    const w = window_(`${ORIGIN}/a`);
    w.navigate = async () => {
      throw new TypeError('not controlled');
    };
    await openTarget(clientsOf([w]).clients, `${ORIGIN}/t`, ORIGIN);
    expect(w.calls).toEqual(['focus']);
  });
});
