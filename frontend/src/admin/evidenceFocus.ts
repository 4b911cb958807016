import { createContext, useContext } from 'react';

import type { AdminEvidence, AdminTurn } from '../api/types';

/** One annotator's span whose evidence the dialogue shows. */
export interface ShownEvidence {
  annotator: string;
  /** "“approved” (linguist1)". */
  name: string;
  evidence: readonly AdminEvidence[];
}

export interface EvidenceFocus {
  turns: readonly AdminTurn[];
  shown: ShownEvidence | null;
  show: (shown: ShownEvidence | null) => void;
}

/** The disagreement view's dialogue shows the evidence of the span last chosen, whoever's
 * it is, so two annotators' evidence for the same words can be compared in place. */
export const EvidenceFocusContext = createContext<EvidenceFocus>({ turns: [], shown: null, show: () => undefined });

export const useEvidenceFocus = (): EvidenceFocus => useContext(EvidenceFocusContext);

export function turnNumber(turns: readonly AdminTurn[], id: number): number | null {
  const turn = turns.find((candidate) => candidate.id === id);
  return turn === undefined ? null : turn.position + 1;
}
