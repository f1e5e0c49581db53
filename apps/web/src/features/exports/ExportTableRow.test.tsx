import type { ExportRow } from '@app/contract/web';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ExportTableRow } from './ExportTableRow.tsx';

afterEach(cleanup);

const row = (over: Partial<ExportRow>): ExportRow => ({
  id: 1,
  name: 'Všetky fotografie a videá',
  createdAt: '2026-03-10T08:00:00.000Z',
  status: { id: 'COMPLETED', name: 'Dokončený' },
  message: 'Hotovo: 3 súbory, 1,2 MB.',
  url: '/apis/api/v1/site-content/exports/1/download',
  ...over,
});

const renderRow = (r: ExportRow, onShowMessage = vi.fn()) => {
  const { container } = render(
    <table>
      <tbody>
        <ExportTableRow row={r} onShowMessage={onShowMessage} />
      </tbody>
    </table>,
  );
  return container.querySelector('td') as HTMLTableCellElement;
};

describe('export row', () => {
  test('the name breaks at <br> and shows every other tag as text', () => {
    const name = renderRow(row({ name: 'Hľadať: <img src=x onerror=alert(1)><br>Od: 1. 1. 2026' }));
    expect(name.querySelectorAll('br')).toHaveLength(1);
    expect(name.querySelector('img')).toBeNull();
    expect(name.textContent).toBe('Hľadať: <img src=x onerror=alert(1)>Od: 1. 1. 2026');
  });

  test('a long message is cut and opens whole on click; a short one is plain text', () => {
    const long = 'Export zlyhal: súbor položky č. 12 sa v úložisku nenašiel.';
    const show = vi.fn();
    renderRow(row({ status: { id: 'FAILED', name: 'Neúspešný' }, message: long, url: undefined }), show);
    fireEvent.click(screen.getByRole('button', { name: `${long.slice(0, 50)}...` }));
    expect(show).toHaveBeenCalledWith(long);
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    renderRow(row({}));
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Hotovo: 3 súbory, 1,2 MB.')).toBeTruthy();
  });

  test('only a COMPLETED export has the download link', () => {
    renderRow(row({}));
    expect(screen.getByRole('link').getAttribute('href')).toBe(
      '/apis/api/v1/site-content/exports/1/download',
    );
    for (const id of ['PENDING', 'PROCESSING', 'FAILED'] as const) {
      cleanup();
      renderRow(row({ status: { id, name: id } }));
      expect(screen.queryByRole('link')).toBeNull();
    }
  });
});
