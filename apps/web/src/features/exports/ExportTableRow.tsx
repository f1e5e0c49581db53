import type { ExportRow } from '@app/contract/web';
import { Fragment } from 'react';
import { sk } from '../../i18n/sk.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { cutMessage, nameLines } from './export-text.ts';

const STATUS_BADGE: Record<ExportRow['status']['id'], string> = {
  PENDING: 'text-bg-secondary',
  PROCESSING: 'text-bg-info',
  COMPLETED: 'text-bg-success',
  FAILED: 'text-bg-danger',
};

type Props = { row: ExportRow; onShowMessage: (message: string) => void };

/**
 * One export: its name with line breaks only at `<br>` (every other character is text, markup
 * included), creation date, status name, the message cut at 50 characters (the whole in a modal)
 * and the download link once COMPLETED.
 */
export function ExportTableRow({ row, onShowMessage }: Props) {
  const created = formatDateTime(row.createdAt);
  const message = cutMessage(row.message);
  const downloadable = row.status.id === 'COMPLETED' && !!row.url;
  return (
    <tr data-export-id={row.id}>
      <td data-label={sk.exports.name} className="export-name">
        <span>
          {nameLines(row.name).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one fixed text, never reordered
            <Fragment key={i}>
              {i > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </span>
      </td>
      <td data-label={sk.exports.createdAt} className="text-nowrap">
        {created}
      </td>
      <td data-label={sk.exports.status}>
        <span className={`badge ${STATUS_BADGE[row.status.id]}`}>{row.status.name}</span>
      </td>
      <td data-label={sk.exports.message} className="export-message-cell">
        {message.cut ? (
          <button
            type="button"
            className="btn btn-link p-0 text-start align-baseline"
            onClick={() => onShowMessage(row.message)}
            title={sk.exports.showMessage}
          >
            {message.text}
          </button>
        ) : (
          <span>{message.text}</span>
        )}
      </td>
      <td
        data-label={sk.exports.file}
        className={`text-end text-nowrap${downloadable ? '' : ' export-file-empty'}`}
      >
        {downloadable ? (
          <a href={row.url} download aria-label={sk.exports.downloadLabel(created)}>
            {sk.exports.download}
          </a>
        ) : null}
      </td>
    </tr>
  );
}
