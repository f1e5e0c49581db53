import { type ChangeEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Page } from '../../components/Page.tsx';
import { sk } from '../../i18n/sk.ts';
import { CaptureButtons } from './CaptureButtons.tsx';
import { CapturePreview } from './CapturePreview.tsx';
import { CameraDialog } from './camera/CameraDialog.tsx';
import { canRecordInApp } from './device.ts';
import { UploadProgress } from './UploadProgress.tsx';
import { useCapture } from './use-capture.ts';
import { useDeviceLocation } from './use-device-location.ts';
import './capture.css';

// The picker brings react-select: loaded while the file uploads, not with the screen.
const loadPicker = () => import('./SitePickerModal.tsx');
const SitePickerModal = lazy(() => loadPicker().then((m) => ({ default: m.SitePickerModal })));

/**
 * Spec §2 Capture screen (Home): photograph, film or upload, watch the upload, preview, then assign
 * the item to a site. Kamerovať is the in-app camera, or the native video capture on iOS (and where
 * the browser cannot record).
 */
export default function CapturePage() {
  const location = useDeviceLocation();
  const capture = useCapture();
  const inApp = useMemo(() => canRecordInApp(), []);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    e.target.value = '';
    if (file) void capture.start(file, file.type);
  };
  const onRecorded = (recording: Blob) => {
    setCameraOpen(false);
    void capture.start(recording, recording.type);
  };
  const assign = async (siteId: number | undefined) => {
    const done = await capture.assign(siteId);
    if (done) setPickerOpen(false);
    return done;
  };

  const { phase } = capture;
  useEffect(() => {
    if (phase.name !== 'idle') void loadPicker().catch(() => {});
  }, [phase.name]);
  return (
    <Page title={sk.menu.home}>
      {phase.name === 'idle' && (
        <CaptureButtons
          onPhoto={() => photoInput.current?.click()}
          onVideo={() => (inApp ? setCameraOpen(true) : videoInput.current?.click())}
          onUpload={() => fileInput.current?.click()}
        />
      )}
      <input ref={photoInput} type="file" accept="image/*" capture="environment" hidden onChange={onFile} />
      <input ref={videoInput} type="file" accept="video/*" capture="environment" hidden onChange={onFile} />
      <input ref={fileInput} type="file" accept="image/*,video/*" hidden onChange={onFile} />
      {phase.name === 'uploading' && (
        <UploadProgress
          progress={phase.progress}
          waiting={phase.waiting}
          failed={phase.failed}
          onRetry={capture.retry}
          onCancel={() => void capture.cancel()}
        />
      )}
      {phase.name === 'preview' && (
        <CapturePreview
          file={phase.file}
          onReupload={() => void capture.discard()}
          onSave={() => setPickerOpen(true)}
        />
      )}
      {inApp && (
        <CameraDialog show={cameraOpen} onClose={() => setCameraOpen(false)} onRecorded={onRecorded} />
      )}
      {/* Mounted only while open: every opening starts with a fresh search and the nearest sites. */}
      {pickerOpen && phase.name === 'preview' && (
        <Suspense fallback={null}>
          <SitePickerModal show location={location} onClose={() => setPickerOpen(false)} onConfirm={assign} />
        </Suspense>
      )}
    </Page>
  );
}
