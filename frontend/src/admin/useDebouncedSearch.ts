import { useEffect, useState } from 'react';

/** What a search box holds, the query it settles on after a pause in typing, and the page,
 * back to 1 whenever the query changes. */
export function useDebouncedSearch(delayMs = 250) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(typed.trim());
      setPage(1);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [typed, delayMs]);
  return { typed, setTyped, query, page, setPage };
}
