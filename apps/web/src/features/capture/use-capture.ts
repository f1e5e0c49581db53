import { authEndpoints, type UploadedFile, uploadEndpoints } from '@app/contract/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useToasts } from '../../components/Toasts.tsx';
import { sk } from '../../i18n/sk.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { allChunks, clearChunks } from './camera/recorder-store.ts';
import { baseType } from './camera/recording.ts';
import { randomUploadId } from './device.ts';
import { clearPending, loadPending, type PendingUpload, savePending } from './upload/pending-store.ts';
import { UploadError, uploadBlob } from './upload/upload-client.ts';

export type CapturePhase =
  | { name: 'idle' }
  /** `waiting`: a chunk failed and is about to be retried; `failed`: the retries ran out. */
  | { name: 'uploading'; progress: number; waiting: boolean; failed: boolean }
  | { name: 'preview'; file: UploadedFile };

const logError = (what: string) => (err: unknown) => console.error(`Capture: ${what}`, err);

/**
 * Spec §4 Capture: idle → uploading (0–100) → preview → discard or assign → idle. The file stays
 * in IndexedDB until assigned or discarded, so on opening the screen an interrupted upload resumes
 * by itself, a finished one shows its preview again (and is sent again if the server has since
 * dropped it), and a recording whose tab crashed before it was stopped is uploaded from the chunks
 * the recorder kept.
 */
export function useCapture() {
  const toasts = useToasts();
  const [phase, setPhase] = useState<CapturePhase>({ name: 'idle' });
  const current = useRef<PendingUpload | null>(null);
  const running = useRef<AbortController | null>(null);

  const run = useCallback(
    async (pending: PendingUpload, isNew: boolean) => {
      running.current?.abort();
      const ctl = new AbortController();
      running.current = ctl;
      current.current = pending;
      setPhase({ name: 'uploading', progress: 0, waiting: false, failed: false });
      const update = (change: Partial<Extract<CapturePhase, { name: 'uploading' }>>) =>
        setPhase((p) => (p.name === 'uploading' && !ctl.signal.aborted ? { ...p, ...change } : p));
      try {
        // Kept while it uploads, not before: copying a large video into IndexedDB takes a while.
        const saved = isNew ? savePending(pending) : Promise.resolve();
        const file = await uploadBlob(pending.blob, {
          uploadId: pending.uploadId,
          contentType: pending.contentType,
          signal: ctl.signal,
          onProgress: (progress) => update({ progress, waiting: false }),
          onRetry: () => update({ waiting: true }),
        });
        await saved;
        if (ctl.signal.aborted) return;
        current.current = { ...pending, file };
        await savePending(current.current);
        // Spec §4: the recorder's store is cleared after a successful upload.
        void clearChunks().catch(logError('clearing the recording store failed'));
        setPhase({ name: 'preview', file });
      } catch (err) {
        if (ctl.signal.aborted) return;
        // A lost session: a plain API call lets the app's 401 handling return to the sign-in.
        if (err instanceof UploadError && err.status === 401)
          void api(authEndpoints.authCheck).catch(() => {});
        const message = err instanceof Error && err.message ? err.message : sk.capture.uploadFailedBody;
        toasts.error(sk.capture.uploadFailedTitle, message);
        update({ failed: true, waiting: false });
      }
    },
    [toasts],
  );

  const start = useCallback(
    (blob: Blob, contentType: string) => {
      const type = baseType(contentType || blob.type) || 'application/octet-stream';
      return run({ uploadId: randomUploadId(), blob, contentType: type }, true);
    },
    [run],
  );

  useEffect(() => {
    let live = true;
    void (async () => {
      const pending = await loadPending();
      // The user may have picked a file meanwhile: that upload wins.
      if (!live || current.current) return;
      if (pending?.file) {
        current.current = pending;
        setPhase({ name: 'preview', file: pending.file });
        // A file left unassigned for a day is gone from the server: the kept copy is sent again.
        const held = await api(uploadEndpoints.progress, { params: { uploadId: pending.uploadId } }).catch(
          () => null,
        );
        if (live && held && !held.data.complete && current.current === pending)
          void run(
            { uploadId: pending.uploadId, blob: pending.blob, contentType: pending.contentType },
            false,
          );
      } else if (pending) {
        void run(pending, false);
      } else {
        const left = await allChunks().catch(() => [] as Blob[]);
        if (live && left.length > 0 && !current.current)
          void start(new Blob(left, { type: left[0]?.type }), '');
      }
    })();
    return () => {
      live = false;
      running.current?.abort();
    };
  }, [run, start]);

  const reset = useCallback(async () => {
    running.current?.abort();
    current.current = null;
    setPhase({ name: 'idle' });
    await clearPending();
  }, []);

  /** 'Znova nahrať': the temp file is deleted on the server, the screen goes back to idle. */
  const discard = useCallback(async () => {
    const fileKey = current.current?.file?.fileKey;
    await reset();
    if (fileKey)
      await api(uploadEndpoints.deleteTemp, { params: { fileKey } }).catch(
        logError('deleting the temp file failed'),
      );
  }, [reset]);

  /** Assigns the uploaded file; resolves true when done (toast shown, back to idle). */
  const assign = useCallback(
    async (siteId: number | undefined) => {
      const fileKey = current.current?.file?.fileKey;
      if (!fileKey) return false;
      try {
        // Spec §5: Potvrdiť does not check that a site is chosen; the server names the missing site.
        await api(uploadEndpoints.assign, { body: { siteId: siteId as number, fileKey } });
      } catch (err) {
        toasts.error(sk.common.error, errorMessage(err, sk.capture.assignFailed));
        return false;
      }
      toasts.success(sk.capture.assignedTitle, sk.capture.assignedBody);
      await reset();
      return true;
    },
    [reset, toasts],
  );

  const retry = useCallback(() => {
    if (current.current) void run(current.current, false);
  }, [run]);

  return { phase, start, retry, cancel: reset, discard, assign };
}
