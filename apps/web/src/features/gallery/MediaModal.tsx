import type { GalleryMedia } from '@app/contract/web';
import { useRef } from 'react';
import Modal from 'react-bootstrap/Modal';
import { modalAnimation } from '../../components/modal-animation.ts';
import { sk } from '../../i18n/sk.ts';
import { mediaCaption, mediaKind } from './MediaGrid.tsx';

type Props = { item: GalleryMedia | null; onClose: () => void };

/** Fullscreen: the image, or the video with controls, autoplay, loop and muted (spec §2). */
export function MediaModal({ item: current, onClose }: Props) {
  // The closing animation still shows the item that was open.
  const last = useRef<GalleryMedia | null>(null);
  if (current) last.current = current;
  const item = current ?? last.current;
  return (
    <Modal
      animation={modalAnimation()}
      show={current !== null}
      onHide={onClose}
      fullscreen
      aria-labelledby="gallery-media-title"
      className="gallery-modal"
    >
      {item ? (
        <>
          <Modal.Header closeButton closeLabel={sk.common.close} closeVariant="white">
            <Modal.Title id="gallery-media-title" as="h2" className="h6 mb-0 text-break">
              {`${mediaKind(item)}: ${mediaCaption(item)}`}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body className="gallery-modal-body">
            {item.type === 'VIDEO' ? (
              <video
                key={item.id}
                src={item.url}
                poster={item.thumbnailUrl ?? undefined}
                controls
                autoPlay
                loop
                muted
                playsInline
              />
            ) : (
              <img key={item.id} src={item.url} alt={`${mediaKind(item)}: ${mediaCaption(item)}`} />
            )}
          </Modal.Body>
        </>
      ) : null}
    </Modal>
  );
}
