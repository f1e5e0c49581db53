import { type UserRow, userEndpoints } from '@app/contract/web';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable.tsx';
import { FloatingAddButton } from '../../components/FloatingAddButton.tsx';
import { Page } from '../../components/Page.tsx';
import { Pager } from '../../components/Pager.tsx';
import { SearchInput } from '../../components/SearchInput.tsx';
import { useToasts } from '../../components/Toasts.tsx';
import { useWarningDialog } from '../../components/WarningDialog.tsx';
import { sk } from '../../i18n/sk.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { revalidate } from '../../lib/swr.ts';
import { useSearchableTable } from '../../lib/use-searchable-table.ts';
import { UserModal } from './UserModal.tsx';
import { UserTableRow } from './UserTableRow.tsx';

/** Spec §9: users are listed ten to a page. */
export const USERS_PAGE_SIZE = 10;

/** /administration/users (spec §2 Users screen). */
export default function UsersPage() {
  const table = useSearchableTable(userEndpoints.table, { size: USERS_PAGE_SIZE });
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const warn = useWarningDialog();
  const toasts = useToasts();

  const refresh = () => {
    void revalidate(userEndpoints.table);
    void revalidate(userEndpoints.detail);
  };

  const deactivate = (row: UserRow) =>
    warn({
      body: `${sk.users.confirmDeactivate} ${row.name}`,
      textClass: 'text-danger',
      onConfirm: async () => {
        try {
          await api(userEndpoints.deactivate, { params: { id: row.id } });
          toasts.success(sk.users.deactivatedTitle, sk.users.deactivatedBody);
          refresh();
        } catch (err) {
          toasts.error(sk.common.error, errorMessage(err, sk.users.deactivateFailed));
        }
      },
    });

  const resend = (row: UserRow) =>
    warn({
      body: `${sk.users.confirmResend} ${row.name}`,
      onConfirm: async () => {
        try {
          await api(userEndpoints.resendVerification, { query: { email: row.email } });
          toasts.success(sk.users.resentTitle, sk.users.resentBody);
        } catch (err) {
          toasts.error(sk.common.error, errorMessage(err, sk.users.resendFailed));
        }
      },
    });

  return (
    <Page title={sk.users.title}>
      <div className="mb-3 table-toolbar">
        <SearchInput value={table.search} onChange={table.setSearch} />
      </div>
      <DataTable
        className="users-table"
        columns={[sk.users.name, sk.users.email, sk.users.permissions, sk.common.actions]}
        rowCount={table.rows.length}
        loading={table.isLoading}
      >
        {table.rows.map((row) => (
          <UserTableRow
            key={row.id}
            row={row}
            onEdit={() => setEditing({ id: row.id })}
            onResend={() => resend(row)}
            onDeactivate={() => deactivate(row)}
          />
        ))}
      </DataTable>
      <Pager page={table.page} totalPages={table.totalPages} onChange={table.setPage} />
      <FloatingAddButton onClick={() => setEditing({ id: null })} label={sk.users.add} />
      {editing ? (
        <UserModal
          userId={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </Page>
  );
}
