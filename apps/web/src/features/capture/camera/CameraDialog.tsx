import { useEffect, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { modalAnimation } from '../../../components/modal-animation.ts';
import { sk } from '../../../i18n/sk.ts';
import { clearChunks, putChunk } from './recorder-store.ts';
import { formatElapsed, pickRecordingType } from './recording.ts';
import { useCameraBackButton } from './use-camera-back-button.ts';

type Props = {
  show: boolean;
  onClose: () => void;
  /** The finished recording, with the type the browser really recorded. */
  onRecorded: (recording: Blob) => void;
};

/** Spec §8: camera access and recording errors are only logged. */
const logError = (what: string) => (err: unknown) => console.error(`Camera: ${what}`, err);

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Spec §2/§4 in-app camera: the rear camera with audio, full screen; the red record button becomes
 * stop; the timer runs while recording. Every recorder chunk (one a second) is also written to
 * IndexedDB (`videoDB`), cleared when the camera opens. Closing stops the tracks and resets the
 * timer; closing while recording abandons that recording.
 */
export function CameraDialog({ show, onClose, onRecorded }: Props) {
  const video = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  // Store writes run one after another: the clearing on open, then chunk 0, 1, …
  const writes = useRef<Promise<void>>(Promise.resolve());
  const recorded = useRef(onRecorded);
  recorded.current = onRecorded;
  const [ready, setReady] = useState(false);
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const ticking = useRef<ReturnType<typeof setInterval>>(undefined);

  useCameraBackButton(show, onClose);

  // biome-ignore lint/correctness/useExhaustiveDependencies: opening and closing the camera is the trigger; stopTimer only touches refs
  useEffect(() => {
    if (!show) return;
    let live = true;
    writes.current = clearChunks().catch(logError('clearing the recording store failed'));
    if (!navigator.mediaDevices?.getUserMedia) {
      logError('no camera API')(new Error('navigator.mediaDevices.getUserMedia is missing'));
    } else {
      navigator.mediaDevices
        .getUserMedia({ video: { facingMode: 'environment' }, audio: true })
        .then((s) => {
          if (!live) return stopTracks(s);
          stream.current = s;
          if (video.current) video.current.srcObject = s;
          setReady(true);
        })
        .catch(logError('camera access failed'));
    }
    return () => {
      live = false;
      const rec = recorder.current;
      recorder.current = null;
      if (rec && rec.state !== 'inactive') {
        rec.onstop = null;
        rec.ondataavailable = null;
        rec.stop();
        writes.current = writes.current
          .then(clearChunks)
          .catch(logError('clearing an abandoned recording failed'));
      }
      stopTimer();
      stopTracks(stream.current);
      stream.current = null;
      setReady(false);
      setRecording(false);
      setElapsed(0);
    };
  }, [show]);

  // Started and stopped with the recorder itself (not by an effect of `recording`, whose cleanup
  // would come a render late: a tick in between would leave the timer of a closed camera running).
  const stopTimer = () => {
    clearInterval(ticking.current);
    ticking.current = undefined;
  };
  const startTimer = () => {
    stopTimer();
    const started = Date.now();
    setElapsed(0);
    ticking.current = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
  };

  const start = () => {
    const s = stream.current;
    if (!s) return;
    const type =
      typeof MediaRecorder.isTypeSupported === 'function'
        ? pickRecordingType((t) => MediaRecorder.isTypeSupported(t))
        : undefined;
    let rec: MediaRecorder;
    try {
      rec = new MediaRecorder(s, type ? { mimeType: type } : undefined);
    } catch (err) {
      return logError('the recorder could not start')(err);
    }
    const parts: Blob[] = [];
    rec.ondataavailable = (e) => {
      if (!e.data || e.data.size === 0) return;
      const n = parts.push(e.data) - 1;
      writes.current = writes.current
        .then(() => putChunk(n, e.data))
        .catch(logError('keeping a chunk failed'));
    };
    rec.onstop = () => {
      const blob = new Blob(parts, { type: rec.mimeType || type || 'video/webm' });
      // Once the chunks are written: clearing the store after the upload must not race a late write.
      void writes.current.then(() => recorded.current(blob));
    };
    rec.onerror = logError('recording failed');
    try {
      rec.start(1000);
    } catch (err) {
      return logError('the recorder could not start')(err);
    }
    recorder.current = rec;
    startTimer();
    setRecording(true);
  };

  const stop = () => {
    const rec = recorder.current;
    recorder.current = null;
    stopTimer();
    setRecording(false);
    if (rec && rec.state !== 'inactive') rec.stop();
  };

  const label = recording ? sk.capture.camera.stop : sk.capture.camera.record;
  return (
    <Modal
      show={show}
      onHide={onClose}
      fullscreen
      animation={modalAnimation()}
      aria-label={sk.capture.camera.title}
      className="camera-modal"
    >
      <div className="camera-stage">
        <video
          ref={(el) => {
            video.current = el;
            if (el && stream.current && el.srcObject !== stream.current) el.srcObject = stream.current;
          }}
          className="camera-video"
          muted
          playsInline
          autoPlay
        />
        <div className="camera-top">
          <button type="button" className="btn btn-dark camera-close" onClick={onClose}>
            {sk.capture.camera.close}
          </button>
          <span
            className={`camera-timer${recording ? ' is-recording' : ''}`}
            role="timer"
            aria-label={sk.capture.camera.elapsed}
          >
            {formatElapsed(elapsed)}
          </span>
        </div>
        <div className="camera-controls">
          <button
            type="button"
            className={`camera-record${recording ? ' is-recording' : ''}`}
            aria-label={label}
            title={label}
            disabled={!ready}
            onClick={recording ? stop : start}
          >
            <span className="camera-record-inner" aria-hidden="true" />
          </button>
        </div>
      </div>
    </Modal>
  );
}
