import { createContext, useContext } from 'react';

import type { Handle } from '../../api/types';

/** The span evidence is being linked to: its sentence and its start (spans never share one). */
export interface ActiveSpan {
  sentence: Handle;
  start: number;
}

/** An atomic fact evidence is being linked to: its summary and its number. */
export interface ActiveFact {
  summary: Handle;
  position: number;
}

/** What the dialogue links evidence to: an error span or an atomic fact (one evidence-linking
 * rule and one dialogue for both). */
export type EvidenceTarget = ({ kind: 'span' } & ActiveSpan) | ({ kind: 'atomic_fact' } & ActiveFact);

export interface SpanFocus {
  active: EvidenceTarget | null;
  setActive: (active: EvidenceTarget | null) => void;
}

/** One span or atomic fact at a time is active across the workspace: the dialogue links
 * evidence to it and keeps its evidence highlighted. */
export const SpanFocusContext = createContext<SpanFocus>({ active: null, setActive: () => undefined });

export const useSpanFocus = (): SpanFocus => useContext(SpanFocusContext);

/** The start of the active span when it is one of `sentence`'s, else null. */
export function activeSpanStart(active: EvidenceTarget | null, sentence: Handle): number | null {
  return active?.kind === 'span' && active.sentence === sentence ? active.start : null;
}

/** The number of the active atomic fact when it is one of `summary`'s, else null. */
export function activeFactPosition(active: EvidenceTarget | null, summary: Handle): number | null {
  return active?.kind === 'atomic_fact' && active.summary === summary ? active.position : null;
}

/** Brings a turn of the dialogue into view (hovering a span, activating it, `d`). */
export function scrollToTurn(turnId: number): void {
  document.querySelector(`[data-turn-id="${turnId}"]`)?.scrollIntoView?.({ block: 'nearest' });
}
