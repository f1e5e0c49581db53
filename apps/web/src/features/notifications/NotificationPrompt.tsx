import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { modalAnimation } from '../../components/modal-animation.ts';
import { sk } from '../../i18n/sk.ts';
import { isIos, isStandalone, PERMISSION_NOT_GRANTED, pushSupported, subscribe } from './push.ts';

/**
 * Spec §2 Notification prompt: on iOS, while notifications are supported and still undecided.
 * iOS supports web push only in an app opened from the home screen, so the prompt waits for that
 * (a browser merely claiming to be an iPhone has push in its tabs too, where iOS has none).
 */
export function shouldPrompt(): boolean {
  return pushSupported() && isIos() && isStandalone() && Notification.permission === 'default';
}

/**
 * Safari asks for the notification permission only from a tap, so on iOS the sign-in flow leaves
 * an undecided permission to this modal; its button asks and, once granted, subscribes.
 */
export function NotificationPrompt() {
  const [show, setShow] = useState(shouldPrompt);
  const allow = () => {
    // Called straight from the tap: Safari refuses a request made after an await.
    Notification.requestPermission()
      .then((permission) => {
        setShow(false);
        if (permission !== 'granted') throw new Error(PERMISSION_NOT_GRANTED);
        return subscribe();
      })
      .catch((err: unknown) => console.error(err));
  };
  return (
    <Modal
      animation={modalAnimation()}
      show={show}
      onHide={() => setShow(false)}
      centered
      aria-labelledby="notification-prompt-title"
    >
      <Modal.Header closeButton closeLabel={sk.common.close}>
        <Modal.Title id="notification-prompt-title">{sk.notifications.prompt.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{sk.notifications.prompt.body}</Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={allow}>
          {sk.notifications.prompt.allow}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
