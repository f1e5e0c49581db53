import { type Site, siteEndpoints } from '@app/contract/web';
import { useEffect, useState } from 'react';
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
import { SiteMapModal } from './SiteMapModal.tsx';
import { SiteModal } from './SiteModal.tsx';
import { SiteTableRow } from './SiteTableRow.tsx';

/** Spec §9: sites are listed ten to a page. */
export const SITES_PAGE_SIZE = 10;

/** /administration/sites (spec §2 Sites screen). */
export default function SitesPage() {
  const table = useSearchableTable(siteEndpoints.table, { size: SITES_PAGE_SIZE });
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [mapOf, setMapOf] = useState<Site | null>(null);
  const warn = useWarningDialog();
  const toasts = useToasts();

  // Spec §8: a failed list load is logged and the list emptied (not left showing stale rows).
  useEffect(() => {
    if (table.error) console.error('Site list failed to load', table.error);
  }, [table.error]);
  const rows = table.error ? [] : table.rows;

  const refresh = () => {
    void revalidate(siteEndpoints.table);
    void revalidate(siteEndpoints.detail);
  };

  const deactivate = (site: Site) =>
    warn({
      body: `${sk.sites.confirmDeactivate} ${site.code}`,
      textClass: 'text-danger',
      onConfirm: async () => {
        try {
          const res = await api(siteEndpoints.deactivate, { params: { id: site.id } });
          toasts.success(sk.sites.deactivatedTitle, res.message || sk.sites.deactivatedBody);
          refresh();
        } catch (err) {
          toasts.error(sk.common.error, errorMessage(err, sk.sites.deactivateFailed));
        }
      },
    });

  return (
    <Page title={sk.sites.title}>
      <div className="mb-3 table-toolbar">
        <SearchInput value={table.search} onChange={table.setSearch} />
      </div>
      <DataTable
        className="sites-table"
        columns={[sk.sites.name, sk.sites.code, sk.sites.map, sk.common.actions]}
        rowCount={rows.length}
        loading={table.isLoading}
      >
        {rows.map((site) => (
          <SiteTableRow
            key={site.id}
            site={site}
            onMap={() => setMapOf(site)}
            onEdit={() => setEditing({ id: site.id })}
            onDeactivate={() => deactivate(site)}
          />
        ))}
      </DataTable>
      <Pager page={table.page} totalPages={table.error ? 0 : table.totalPages} onChange={table.setPage} />
      <FloatingAddButton onClick={() => setEditing({ id: null })} label={sk.sites.add} />
      {mapOf ? <SiteMapModal site={mapOf} onClose={() => setMapOf(null)} /> : null}
      {editing ? (
        <SiteModal
          siteId={editing.id}
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
