import { useEffect, useState } from 'react';

/** What a search box holds, the query it settles on after a pause in typing, and the page,
 * back to 1 whenever the query changes. */
export function useDebouncedSearch(delayMs = 250) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const next = typed.trim();
    // Only a new query goes back to page 1: the pause after mounting (or after typing that
    // changed nothing) must not undo a page the person chose meanwhile.
    if (next === query) return undefined;
    const timer = setTimeout(() => {
      setQuery(next);
      setPage(1);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [typed, query, delayMs]);
  return { typed, setTyped, query, page, setPage };
}
