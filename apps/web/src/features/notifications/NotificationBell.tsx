import { type Notification, notificationEndpoints } from '@app/contract/web';
import { useCallback, useEffect, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useNavigate } from 'react-router';
import { BellIcon } from '../../components/icons.tsx';
import { sk } from '../../i18n/sk.ts';
import { api } from '../../lib/api.ts';
import { useApi } from '../../lib/swr.ts';
import { NotificationList } from './NotificationList.tsx';
import { NotificationPrompt } from './NotificationPrompt.tsx';
import { PUSH_RECEIVED_MESSAGE } from './push-payload.ts';
import { useBodyScrollLock } from './use-body-scroll-lock.ts';
import { useNotificationFeed } from './use-notification-feed.ts';
import './notifications.css';

/** The badge refreshes on its own this often (and on focus, and on every push the page hears of). */
const UNSEEN_REFRESH_MS = 60_000;

/**
 * The header's notification bell (spec §2 Header, Notification dropdown). The shell renders it only
 * for users holding NEW_PHOTO_NOTIFICATION, the authority the server demands for the list.
 */
export function NotificationBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unseenCount = useApi(notificationEndpoints.unseenCount, {}, { refreshInterval: UNSEEN_REFRESH_MS });
  const { mutate } = unseenCount;
  const unseen = unseenCount.data?.data ?? 0;
  const onUnseen = useCallback(
    (count: number) => void mutate({ data: count }, { revalidate: false }),
    [mutate],
  );
  const { feed, reset, loadMore } = useNotificationFeed(onUnseen);

  useBodyScrollLock(open);
  // Spec §4: opening clears the list and loads page 0.
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  usePushMessages(
    useCallback(() => {
      void mutate();
    }, [mutate]),
  );

  const markAllAsSeen = () => {
    // Spec §4: the response is ignored; neither the list nor the badge is refreshed.
    api(notificationEndpoints.markAllAsSeen).catch((err: unknown) => console.error(err));
  };
  const openNotification = (n: Notification) => {
    setOpen(false);
    navigate(n.url);
  };

  const label =
    unseen > 0 ? `${sk.notifications.bell}: ${sk.notifications.unseenBadge(unseen)}` : sk.notifications.bell;
  return (
    <>
      <Dropdown align="end" show={open} onToggle={setOpen} autoClose="outside">
        <Dropdown.Toggle variant="light" className="notification-toggle" aria-label={label}>
          <BellIcon />
          {unseen > 0 ? (
            <span className="badge rounded-pill text-bg-danger notification-badge" aria-hidden="true">
              {unseen > 99 ? '99+' : unseen}
            </span>
          ) : null}
        </Dropdown.Toggle>
        <Dropdown.Menu className="notification-menu shadow p-0">
          {open ? (
            <>
              <div className="notification-header">
                <h2 className="h6 m-0">{sk.notifications.title}</h2>
                <button type="button" className="btn btn-link btn-sm p-0" onClick={markAllAsSeen}>
                  {sk.notifications.markAllAsSeen}
                </button>
              </div>
              <NotificationList feed={feed} onLoadMore={loadMore} onOpen={openNotification} />
            </>
          ) : null}
        </Dropdown.Menu>
      </Dropdown>
      <NotificationPrompt />
    </>
  );
}

/** The service worker tells open pages about each push it shows. */
function usePushMessages(onPush: () => void): void {
  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!container) return;
    const listener = (e: MessageEvent) => {
      if ((e.data as { type?: unknown } | null)?.type === PUSH_RECEIVED_MESSAGE) onPush();
    };
    container.addEventListener('message', listener);
    return () => container.removeEventListener('message', listener);
  }, [onPush]);
}
