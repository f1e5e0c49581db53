import Button from 'react-bootstrap/Button';
import { sk } from '../../i18n/sk.ts';

type Props = {
  progress: number;
  waiting: boolean;
  failed: boolean;
  onRetry: () => void;
  onCancel: () => void;
};

/**
 * Spec §2: the striped animated progress bar with the percentage. When the retries have run out
 * (the failure toast was shown) the bar stays, with a way to try again or give up.
 */
export function UploadProgress({ progress, waiting, failed, onRetry, onCancel }: Props) {
  const pct = Math.max(0, Math.min(100, Math.round(progress)));
  return (
    <div className="capture-upload">
      <div
        className="progress capture-progress"
        role="progressbar"
        aria-label={sk.capture.uploading}
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={`progress-bar progress-bar-striped${failed ? ' bg-danger' : ' progress-bar-animated'}`}
          // Wide enough for its label even at 0 %.
          style={{ width: `${pct}%`, minWidth: '3rem' }}
        >
          {pct}%
        </div>
      </div>
      {waiting && !failed && <p className="text-body-secondary mt-2 mb-0">{sk.capture.waitingForNetwork}</p>}
      {failed && (
        <div className="d-flex gap-2 mt-3">
          <Button variant="primary" onClick={onRetry}>
            {sk.capture.retry}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {sk.capture.cancelUpload}
          </Button>
        </div>
      )}
    </div>
  );
}
