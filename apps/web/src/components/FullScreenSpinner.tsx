import { sk } from '../i18n/sk.ts';

/** Start-up: shown while the session check runs (spec §2 Start-up). */
export function FullScreenSpinner() {
  return (
    <div className="full-screen-spinner" role="status" aria-live="polite">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <p className="mt-3 mb-0">{sk.loading}</p>
    </div>
  );
}
