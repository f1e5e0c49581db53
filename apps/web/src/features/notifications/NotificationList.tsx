import type { Notification } from '@app/contract/web';
import { useEffect, useRef } from 'react';
import { sk } from '../../i18n/sk.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { type Feed, hasMore } from './use-notification-feed.ts';
import { useThrottled } from './use-throttled.ts';

/** Spec §9: the list looks at the scroll position at most every 150 ms, and loads at 80 %. */
export const SCROLL_THROTTLE_MS = 150;
export const SCROLL_THRESHOLD = 0.8;

type Props = { feed: Feed; onLoadMore: () => void; onOpen: (n: Notification) => void };

/** The dropdown's infinite list: cards with title, body and time; unseen ones light blue. */
export function NotificationList({ feed, onLoadMore, onOpen }: Props) {
  const scroller = useRef<HTMLElement>(null);
  const onScroll = useThrottled(() => {
    const el = scroller.current;
    if (el && (el.scrollTop + el.clientHeight) / el.scrollHeight >= SCROLL_THRESHOLD) onLoadMore();
  }, SCROLL_THROTTLE_MS);

  // A page too short to scroll (a tall window) would never load the next one: ask at once.
  useEffect(() => {
    const el = scroller.current;
    if (el && feed.page >= 0 && !feed.loading && hasMore(feed) && el.scrollHeight <= el.clientHeight)
      onLoadMore();
  }, [feed, onLoadMore]);

  const done = feed.page >= 0 && !feed.loading && !hasMore(feed);
  return (
    <section
      ref={scroller}
      className="notification-scroll"
      aria-label={sk.notifications.listLabel}
      // Keyboard users scroll it too (axe: a scrollable region must be focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable requires it
      tabIndex={0}
      onScroll={onScroll}
    >
      {feed.items.length > 0 ? (
        <ul className="list-unstyled m-0">
          {feed.items.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={`notification-card${n.seen ? '' : ' unseen'}`}
                onClick={() => onOpen(n)}
              >
                <span className="notification-title">{n.title}</span>
                {n.seen ? null : <span className="visually-hidden">{sk.notifications.unseen}</span>}
                <span className="notification-body">{n.body}</span>
                <time className="notification-time" dateTime={n.createdAt}>
                  {formatDateTime(n.createdAt)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {feed.loading || feed.page < 0 ? (
        <p className="notification-status" role="status">
          {sk.notifications.loading}
        </p>
      ) : null}
      {done ? (
        <p className="notification-status">
          {feed.items.length === 0 ? sk.notifications.empty : sk.notifications.allShown}
        </p>
      ) : null}
    </section>
  );
}
