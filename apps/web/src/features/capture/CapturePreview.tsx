import { type UploadedFile, uploadEndpoints } from '@app/contract/web';
import Button from 'react-bootstrap/Button';
import { sk } from '../../i18n/sk.ts';
import { buildUrl } from '../../lib/api.ts';

type Props = { file: UploadedFile; onReupload: () => void; onSave: () => void };

/**
 * Spec §2: the uploaded image, or the video with controls; Znova nahrať and Uložiť. The preview is
 * loaded from this origin's path (the server's absolute fileUrl names its PUBLIC_URL, which a
 * proxy or a dev server may not be).
 */
export function CapturePreview({ file, onReupload, onSave }: Props) {
  const src = buildUrl(uploadEndpoints.preview, { params: { fileKey: file.fileKey } });
  return (
    <div className="capture-preview">
      {file.type === 'IMAGE' ? (
        <img src={src} alt={sk.capture.previewImage} className="capture-preview-media" />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: the user's own fresh recording; there is no caption to give
        <video
          src={src}
          controls
          playsInline
          preload="metadata"
          className="capture-preview-media"
          aria-label={sk.capture.previewVideo}
        />
      )}
      <div className="capture-preview-actions">
        <Button variant="secondary" size="lg" onClick={onReupload}>
          {sk.capture.reupload}
        </Button>
        <Button variant="primary" size="lg" onClick={onSave}>
          {sk.capture.save}
        </Button>
      </div>
    </div>
  );
}
