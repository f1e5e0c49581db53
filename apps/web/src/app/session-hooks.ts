import type { AuthCheckUser } from '@app/contract/web';
import { hasAuthority } from '../lib/permissions.ts';

/**
 * Hook points of the session for features that must act on sign-in and sign-out. Keep these
 * cheap: load a feature's code with a dynamic import() so the sign-in screens stay small.
 */

/**
 * After a sign-in or a valid session check on start-up. Spec §4: push registration is attempted
 * here, only when the user holds NEW_PHOTO_NOTIFICATION (the notifications feature adds the call).
 */
export function afterSignIn(user: AuthCheckUser): void {
  if (!hasAuthority(user, 'NEW_PHOTO_NOTIFICATION')) return;
  import('../features/notifications/push.ts')
    .then((push) => push.registerPush())
    .catch((err: unknown) => console.error(err));
}

/**
 * Before the logout call. Spec §4: logout is one call (the push unsubscribe), then POST
 * /user-logout, then a full redirect to /. Errors here are logged and never block the logout.
 */
export async function beforeLogout(): Promise<void> {
  const push = await import('../features/notifications/push.ts');
  await push.unsubscribePush();
}
