import type { Endpoint, Routed } from '@app/contract/web';
import { useCallback, useState } from 'react';
import type { ApiOutput } from './api.ts';
import { useApi } from './swr.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

type PageBody<Row> = { data: { content: Row[]; page: number; totalPages: number; totalElements: number } };

/**
 * State of a searchable, paged table over a `pageQuery` endpoint: the search box value (sent 250 ms
 * after typing stops, back to page 0), the zero-based page and the SWR result.
 */
export function useSearchableTable<E extends Endpoint>(
  endpoint: Routed<E>,
  opts: { size?: number; extraQuery?: Record<string, string | number | undefined> } = {},
) {
  const size = opts.size ?? 10;
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  // A page belongs to the search it was chosen under; a new search starts again at page 0.
  const [paging, setPaging] = useState({ search: '', page: 0 });
  const page = paging.search === debounced ? paging.page : 0;
  const setPage = useCallback((p: number) => setPaging({ search: debounced, page: p }), [debounced]);
  const query = { page, size, search: debounced, ...opts.extraQuery } as never;
  const result = useApi(endpoint, { query }, { keepPreviousData: true });
  const body = result.data as (ApiOutput<E> & PageBody<RowOf<E>>) | undefined;
  return {
    search,
    setSearch,
    page,
    setPage,
    rows: body?.data.content ?? [],
    totalPages: body?.data.totalPages ?? 0,
    ...result,
  };
}

type RowOf<E extends Endpoint> = ApiOutput<E> extends PageBody<infer Row> ? Row : never;
