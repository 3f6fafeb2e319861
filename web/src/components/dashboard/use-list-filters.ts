import { useState } from 'react';
import { useDebouncedQuery } from './use-debounced-query.js';

/**
 * An admin list's filters and page: the search box's text becomes the filters' `q` once typing pauses,
 * and every change of filter shows the first page again (the old page number may not exist any more).
 */
export function useListFilters<F extends { q: string }>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  useDebouncedQuery(search, (q) => {
    setFilters((current) => (current.q === q ? current : { ...current, q }));
    setPage(1);
  });

  return {
    filters,
    search,
    setSearch,
    setFilter(name: Exclude<keyof F, 'q'>, value: string) {
      setFilters((current) => ({ ...current, [name]: value }));
      setPage(1);
    },
    page,
    setPage,
  };
}
