import Pagination from 'react-bootstrap/Pagination';
import { sk } from '../i18n/sk.ts';
import { pagerHasJumps, pagerItems } from './pager-items.ts';

type Props = { page: number; totalPages: number; onChange: (page: number) => void };

/** Zero-based pager (spec §2 Pager). Renders nothing for a single page. */
export function Pager({ page, totalPages, onChange }: Props) {
  if (totalPages <= 1) return null;
  const last = totalPages - 1;
  // A disabled or active item renders as a plain span, where an aria-label is not allowed.
  const jump = (target: number, label: string, symbol: string, disabled: boolean) => (
    <Pagination.Item
      key={label}
      disabled={disabled}
      onClick={() => onChange(target)}
      {...(disabled ? {} : { 'aria-label': label, title: label })}
    >
      {symbol}
    </Pagination.Item>
  );
  const jumps = pagerHasJumps(totalPages);
  return (
    <nav aria-label={sk.pager.label} className="d-flex justify-content-center mt-3">
      <Pagination className="mb-0 flex-wrap">
        {jumps && jump(0, sk.pager.first, '«', page === 0)}
        {jumps && jump(page - 1, sk.pager.previous, '‹', page === 0)}
        {pagerItems(page, totalPages).map((item) =>
          typeof item === 'number' ? (
            <Pagination.Item
              key={item}
              active={item === page}
              activeLabel=""
              aria-current={item === page ? 'page' : undefined}
              onClick={() => onChange(item)}
            >
              {item + 1}
            </Pagination.Item>
          ) : (
            <Pagination.Item key={item} disabled>
              …
            </Pagination.Item>
          ),
        )}
        {jumps && jump(page + 1, sk.pager.next, '›', page === last)}
        {jumps && jump(last, sk.pager.last, '»', page === last)}
      </Pagination>
    </nav>
  );
}
