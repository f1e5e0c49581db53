import { type AuthCheckUser, authEndpoints } from '@app/contract/web';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { mutate } from 'swr';
import { ApiError, api, setUnauthorizedHandler } from '../lib/api.ts';
import { afterSignIn, beforeLogout } from './session-hooks.ts';

export type SessionState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'signedIn'; user: AuthCheckUser };

type Session = SessionState & {
  /** After a successful sign-in: the authenticate response is the session user. */
  signIn(user: AuthCheckUser): void;
  /** The forced change is done: the shell may show. */
  passwordChanged(): void;
  logout(): Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  useEffect(() => {
    // Any 401 from a signed-in call means the session is gone: back to sign-in, cache dropped.
    setUnauthorizedHandler(() => {
      setState({ status: 'anonymous' });
      void mutate(() => true, undefined, { revalidate: false });
    });
    let live = true;
    api(authEndpoints.authCheck)
      .then((res) => {
        if (!live) return;
        setState({ status: 'signedIn', user: res.data });
        afterSignIn(res.data);
      })
      .catch((err) => {
        if (live) setState({ status: 'anonymous' });
        if (!(err instanceof ApiError)) console.error(err);
      });
    return () => {
      live = false;
    };
  }, []);

  const signIn = useCallback((user: AuthCheckUser) => {
    setState({ status: 'signedIn', user });
    afterSignIn(user);
  }, []);

  const passwordChanged = useCallback(() => {
    setState((s) => (s.status === 'signedIn' ? { ...s, user: { ...s.user, changePassword: false } } : s));
  }, []);

  const logout = useCallback(async () => {
    try {
      await beforeLogout();
    } catch (err) {
      console.error(err);
    }
    try {
      await api(authEndpoints.logout);
    } finally {
      // A full load drops every cached screen and in-memory state of the signed-in user.
      window.location.assign('/');
    }
  }, []);

  const value = useMemo<Session>(
    () => ({ ...state, signIn, passwordChanged, logout }),
    [state, signIn, passwordChanged, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in user; only for components inside the authenticated shell. */
export function useCurrentUser(): AuthCheckUser {
  const session = useSession();
  if (session.status !== 'signedIn') throw new Error('useCurrentUser without a signed-in user');
  return session.user;
}
