import { createContext, useContext } from 'react';

import type { Handle } from '../../api/types';

/** The span evidence is being linked to: its sentence and its start (spans never share one). */
export interface ActiveSpan {
  sentence: Handle;
  start: number;
}

export interface SpanFocus {
  active: ActiveSpan | null;
  setActive: (active: ActiveSpan | null) => void;
}

/** One span at a time is active across the workspace: the dialogue links evidence to it and
 * keeps its evidence highlighted. */
export const SpanFocusContext = createContext<SpanFocus>({ active: null, setActive: () => undefined });

export const useSpanFocus = (): SpanFocus => useContext(SpanFocusContext);

/** Brings a turn of the dialogue into view (hovering a span, activating it, `d`). */
export function scrollToTurn(turnId: number): void {
  document.querySelector(`[data-turn-id="${turnId}"]`)?.scrollIntoView?.({ block: 'nearest' });
}
