import { PublicLayout } from '../../app/public/PublicLayout.tsx';
import { useSession } from '../../app/session.tsx';
import { sk } from '../../i18n/sk.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** Spec §2 Start-up: with the changePassword flag only this card shows, without the old password. */
export default function ForcedPasswordChange() {
  const session = useSession();
  return (
    <PublicLayout title={sk.password.forcedTitle}>
      <p className="alert alert-warning py-2">{sk.password.forced}</p>
      <ChangePasswordForm requireOld={false} onDone={session.passwordChanged} />
      <div className="text-center mt-3">
        <button type="button" className="btn btn-link" onClick={() => void session.logout()}>
          {sk.shell.logout}
        </button>
      </div>
    </PublicLayout>
  );
}
