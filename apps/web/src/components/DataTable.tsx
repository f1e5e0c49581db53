import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { sk } from '../i18n/sk.ts';

type Props = {
  /** The screen's own class, for its column widths. */
  className: string;
  /** Column headings; the last (actions, download) is right-aligned. */
  columns: readonly string[];
  rowCount: number;
  loading: boolean;
  loadingLabel?: string;
  /** The rows (`<tr>` each). */
  children: ReactNode;
};

/**
 * The admin screens' table: a card, headings, the rows, and one full-width row with a spinner
 * while the first page loads or `Žiadne dáta na zobrazenie` when there is nothing. `stacked-table`
 * turns rows into cards on phones (each `<td>` carries a `data-label`).
 */
export function DataTable({
  className,
  columns,
  rowCount,
  loading,
  loadingLabel = sk.loading,
  children,
}: Props) {
  return (
    <div className="card">
      <Table responsive hover className={`mb-0 align-middle stacked-table ${className}`}>
        <thead>
          <tr>
            {columns.map((title, i) => (
              <th key={title} scope="col" className={i === columns.length - 1 ? 'text-end' : undefined}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {children}
          {rowCount === 0 ? (
            <tr>
              <td colSpan={columns.length} className="text-center text-body-secondary py-4">
                {loading ? <Spinner size="sm" role="status" aria-label={loadingLabel} /> : sk.common.noData}
              </td>
            </tr>
          ) : null}
        </tbody>
      </Table>
    </div>
  );
}
