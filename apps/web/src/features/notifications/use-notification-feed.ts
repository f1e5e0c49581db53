import { NOTIFICATION_PAGE_SIZE, type Notification, notificationEndpoints } from '@app/contract/web';
import { useCallback, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';

export type Feed = {
  items: Notification[];
  /** The last page loaded; -1 before the first answer. */
  page: number;
  totalPages: number;
  loading: boolean;
};

const EMPTY: Feed = { items: [], page: -1, totalPages: 0, loading: false };

/** More pages exist beyond the ones shown (spec §4: while page is below totalPages − 1). */
export const hasMore = (feed: Feed): boolean => feed.page < feed.totalPages - 1;

/**
 * The dropdown's list (spec §2, §4 Notification): `reset` clears it and loads page 0; `loadMore`
 * appends the next page. An answer from before the last reset is dropped, so a quick close and
 * reopen never mixes two lists. `onUnseen` receives each page's unseen count.
 */
export function useNotificationFeed(onUnseen: (count: number) => void) {
  const [feed, setFeed] = useState<Feed>(EMPTY);
  const generation = useRef(0);
  const busy = useRef(false);
  const current = useRef(feed);
  current.current = feed;

  const load = useCallback(
    async (page: number, gen: number) => {
      busy.current = true;
      setFeed((f) => ({ ...f, loading: true }));
      try {
        const res = await api(notificationEndpoints.list, {
          query: { page, size: NOTIFICATION_PAGE_SIZE },
        });
        if (gen !== generation.current) return;
        const data = res?.data;
        // Spec §8: notification calls have no error handling; results are used only when present.
        if (!data) return;
        onUnseen(data.unseenCount);
        setFeed((f) => ({
          items: page === 0 ? data.content : [...f.items, ...data.content],
          page: data.page,
          totalPages: data.totalPages,
          loading: false,
        }));
      } catch (err) {
        if (gen === generation.current) console.error(err);
      } finally {
        if (gen === generation.current) {
          busy.current = false;
          setFeed((f) => (f.loading ? { ...f, loading: false } : f));
        }
      }
    },
    [onUnseen],
  );

  const reset = useCallback(() => {
    generation.current += 1;
    setFeed(EMPTY);
    void load(0, generation.current);
  }, [load]);

  const loadMore = useCallback(() => {
    const f = current.current;
    if (busy.current || f.page < 0 || !hasMore(f)) return;
    void load(f.page + 1, generation.current);
  }, [load]);

  return { feed, reset, loadMore };
}
