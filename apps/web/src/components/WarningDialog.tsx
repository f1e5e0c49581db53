import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { sk } from '../i18n/sk.ts';
import { modalAnimation } from './modal-animation.ts';

/** Spec §3 Warning dialog: body text, text colour class, confirm callback. */
export type Warning = { body: ReactNode; textClass?: string; onConfirm: () => void | Promise<void> };

const WarningContext = createContext<((warning: Warning) => void) | null>(null);

/** Spec §4: titled Upozornenie with Nie and Áno; runs its action on Áno and closes either way. */
export function WarningDialogProvider({ children }: { children: ReactNode }) {
  const [warning, setWarning] = useState<Warning | null>(null);
  const [open, setOpen] = useState(false);
  const ask = useCallback((w: Warning) => {
    setWarning(w);
    setOpen(true);
  }, []);
  const close = () => setOpen(false);
  const confirm = () => {
    setOpen(false);
    void Promise.resolve()
      .then(() => warning?.onConfirm())
      .catch((err) => console.error(err));
  };
  return (
    <WarningContext.Provider value={ask}>
      {children}
      <Modal
        animation={modalAnimation()}
        show={open}
        onHide={close}
        onExited={() => setWarning(null)}
        centered
        aria-labelledby="warning-title"
      >
        <Modal.Header closeButton closeLabel={sk.common.close}>
          <Modal.Title id="warning-title" as="h2" className="h5">
            {sk.dialog.warningTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className={warning?.textClass}>{warning?.body}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            {sk.common.no}
          </Button>
          <Button variant="primary" onClick={confirm}>
            {sk.common.yes}
          </Button>
        </Modal.Footer>
      </Modal>
    </WarningContext.Provider>
  );
}

/** `const warn = useWarningDialog(); warn({body, textClass: 'text-danger', onConfirm})`. */
export function useWarningDialog(): (warning: Warning) => void {
  const ask = useContext(WarningContext);
  if (!ask) throw new Error('useWarningDialog outside WarningDialogProvider');
  return ask;
}
