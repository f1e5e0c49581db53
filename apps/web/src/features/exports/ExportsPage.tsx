import { EXPORT_PAGE_SIZE, type ExportRow, exportEndpoints } from '@app/contract/web';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { DataTable } from '../../components/DataTable.tsx';
import { InfoIcon } from '../../components/icons.tsx';
import { Page } from '../../components/Page.tsx';
import { Pager } from '../../components/Pager.tsx';
import { sk } from '../../i18n/sk.ts';
import { useApi } from '../../lib/swr.ts';
import { ExportTableRow } from './ExportTableRow.tsx';
import './exports.css';
import { modalAnimation } from '../../components/modal-animation.ts';

/** How often the list asks again while an export is queued or running. */
export const EXPORTS_REFRESH_MS = 2000;

const running = (rows: ExportRow[] | undefined) =>
  !!rows?.some((r) => r.status.id === 'PENDING' || r.status.id === 'PROCESSING');

/** /administration/exports (spec §2 Exports screen). */
export default function ExportsPage() {
  const [page, setPage] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const { data, isLoading } = useApi(
    exportEndpoints.list,
    { query: { page, size: EXPORT_PAGE_SIZE } },
    {
      keepPreviousData: true,
      refreshInterval: (latest) => (running(latest?.data.content) ? EXPORTS_REFRESH_MS : 0),
    },
  );
  const rows = data?.data.content ?? [];

  return (
    <Page title={sk.exports.title}>
      <p className="alert alert-info d-flex align-items-center gap-2 py-2">
        <InfoIcon />
        {sk.exports.retention}
      </p>
      <DataTable
        className="exports-table"
        columns={[
          sk.exports.name,
          sk.exports.createdAt,
          sk.exports.status,
          sk.exports.message,
          sk.exports.file,
        ]}
        rowCount={rows.length}
        loading={isLoading}
        loadingLabel={sk.exports.loading}
      >
        {rows.map((row) => (
          <ExportTableRow key={row.id} row={row} onShowMessage={setMessage} />
        ))}
      </DataTable>
      <Pager page={page} totalPages={data?.data.totalPages ?? 0} onChange={setPage} />
      <Modal
        animation={modalAnimation()}
        show={message !== null}
        onHide={() => setMessage(null)}
        centered
        aria-labelledby="export-message-title"
      >
        <Modal.Header closeButton closeLabel={sk.common.close}>
          <Modal.Title id="export-message-title" as="h2" className="h5">
            {sk.exports.messageTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-break export-message">{message}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setMessage(null)}>
            {sk.common.close}
          </Button>
        </Modal.Footer>
      </Modal>
    </Page>
  );
}
