import { Page } from '../../components/Page.tsx';
import { sk } from '../../i18n/sk.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** /change-password: the signed-in user's own password, old one required (spec §2). */
export default function ChangePasswordPage() {
  return (
    <Page title={sk.password.changeTitle}>
      <div className="card narrow-card">
        <div className="card-body">
          <ChangePasswordForm requireOld onDone={() => {}} />
        </div>
      </div>
    </Page>
  );
}
