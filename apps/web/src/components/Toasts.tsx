import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';

/** Spec §9: toasts disappear after 3 seconds. */
export const TOAST_DURATION_MS = 3000;

export type ToastMessage = { title: string; body: string; variant?: 'success' | 'danger' | 'info' };
type ShownToast = ToastMessage & { id: number };

const ToastContext = createContext<((toast: ToastMessage) => void) | null>(null);

/** The one global toast area (spec §3 Global toast: title and body). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const seq = useRef(0);
  const show = useCallback((toast: ToastMessage) => {
    seq.current += 1;
    const id = seq.current;
    setToasts((list) => [...list, { ...toast, id }]);
  }, []);
  const remove = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastContainer position="top-end" className="p-3 app-toasts" containerPosition="fixed">
        {toasts.map((t) => (
          <Toast
            key={t.id}
            onClose={() => remove(t.id)}
            autohide
            delay={TOAST_DURATION_MS}
            className={`app-toast app-toast-${t.variant ?? 'success'}`}
          >
            <Toast.Header closeButton={false}>
              <strong className="me-auto">{t.title}</strong>
            </Toast.Header>
            <Toast.Body>{t.body}</Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast({title, body, variant})` shows a toast for 3 s. */
export function useToast(): (toast: ToastMessage) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside ToastProvider');
  return show;
}

/** Convenience for the common pair of outcomes. */
export function useToasts() {
  const show = useToast();
  return useMemo(
    () => ({
      success: (title: string, body: string) => show({ title, body, variant: 'success' }),
      error: (title: string, body: string) => show({ title, body, variant: 'danger' }),
    }),
    [show],
  );
}
