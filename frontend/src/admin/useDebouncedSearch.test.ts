import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useDebouncedSearch } from './useDebouncedSearch';

describe('useDebouncedSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a page chosen right after the list appears', () => {
    const { result } = renderHook(() => useDebouncedSearch(250));
    act(() => result.current.setPage(2));
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.page).toBe(2);
  });

  it('settles on the typed query after the pause and goes back to page 1', () => {
    const { result } = renderHook(() => useDebouncedSearch(250));
    act(() => result.current.setPage(3));
    act(() => result.current.setTyped('  budget '));
    act(() => vi.advanceTimersByTime(249));
    expect(result.current.query).toBe('');
    expect(result.current.page).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.query).toBe('budget');
    expect(result.current.page).toBe(1);
  });

  it('keeps the page when the typing ends where it began', () => {
    const { result } = renderHook(() => useDebouncedSearch(250));
    act(() => result.current.setTyped('budget'));
    act(() => vi.advanceTimersByTime(250));
    act(() => result.current.setPage(2));
    act(() => result.current.setTyped('budget '));
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current.page).toBe(2);
  });
});
