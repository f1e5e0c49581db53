import type { UserRow } from '@app/contract/web';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { InfoIcon, MailIcon, PencilIcon, TrashIcon } from '../../components/icons.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { sk } from '../../i18n/sk.ts';

/** Spec §2: inactive rows reddish, rows awaiting e-mail confirmation pale yellow. */
export function rowTint(row: Pick<UserRow, 'active' | 'status'>): string | undefined {
  if (!row.active) return 'table-danger';
  if (row.status === 'EMAIL_VERIFICATION') return 'table-warning';
  return undefined;
}

/** Resend only while awaiting confirmation and active; deactivate only while active (spec §2). */
export const canResend = (row: Pick<UserRow, 'active' | 'status'>) =>
  row.active && row.status === 'EMAIL_VERIFICATION';
export const canDeactivate = (row: Pick<UserRow, 'active'>) => row.active;

type Props = { row: UserRow; onEdit: () => void; onResend: () => void; onDeactivate: () => void };

export function UserTableRow({ row, onEdit, onResend, onDeactivate }: Props) {
  return (
    <tr className={rowTint(row)} data-user-id={row.id}>
      <td className="fw-semibold" data-label={sk.users.name}>
        {row.name}
      </td>
      <td data-label={sk.users.email}>
        <span className="text-break">{row.email}</span>
        {canResend(row) ? (
          <OverlayTrigger
            placement="top"
            overlay={<Tooltip id={`awaiting-${row.id}`}>{sk.users.awaitingVerification}</Tooltip>}
          >
            <button
              type="button"
              className="btn btn-link p-0 ms-1 align-baseline info-icon"
              aria-label={sk.users.awaitingVerification}
            >
              <InfoIcon />
            </button>
          </OverlayTrigger>
        ) : null}
      </td>
      <td data-label={sk.users.permissions}>
        <div className="d-flex flex-wrap gap-1">
          {row.permissions.map((p) => (
            <span key={p} className="badge rounded-pill text-bg-secondary">
              {p}
            </span>
          ))}
        </div>
      </td>
      <td className="text-end text-nowrap" data-label={sk.common.actions}>
        <RowAction label={sk.users.edit} subject={row.name} variant="primary" onClick={onEdit} first>
          <PencilIcon />
        </RowAction>
        {canResend(row) ? (
          <RowAction label={sk.users.resend} subject={row.name} variant="secondary" onClick={onResend}>
            <MailIcon />
          </RowAction>
        ) : null}
        {canDeactivate(row) ? (
          <RowAction label={sk.users.deactivate} subject={row.name} variant="danger" onClick={onDeactivate}>
            <TrashIcon />
          </RowAction>
        ) : null}
      </td>
    </tr>
  );
}
