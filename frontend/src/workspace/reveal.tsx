import { Text } from '@mantine/core';
import { createContext, useContext, useEffect, useRef, useState } from 'react';

import { getReveal } from '../api/client';
import type { Handle, RevealedVerdict } from '../api/types';
import { sentenceKind } from '../kinds/sentence';
import { answerOf } from './answers';
import type { AnswerStore } from './answerStore';
import type { SaveQueue } from './saveQueue';

/**
 * Assisted rounds (docs/models-in-the-loop.md, "Assisted rounds"): in an assisted unit the
 * model's verdict on a sentence shows only once the linguist's own label for it is saved. The
 * server decides (`GET …/reveal/` answers only for saved labels); this asks again whenever the
 * queue has saved everything and some labelled sentence was not asked about yet.
 */
export interface RevealState {
  assisted: boolean;
  verdicts: ReadonlyMap<Handle, RevealedVerdict>;
}

const NONE: RevealState = { assisted: false, verdicts: new Map() };

export const RevealContext = createContext<RevealState>(NONE);

export function useReveal(
  assignmentId: number,
  queue: SaveQueue,
  store: AnswerStore,
  sentenceIds: readonly Handle[],
): RevealState {
  const [state, setState] = useState<RevealState>(NONE);
  // The labelled sentences the last request covered: a sentence the model has no verdict on
  // is not asked about again and again.
  const asked = useRef(new Set<Handle>());
  const inFlight = useRef(false);
  // Only an assisted unit asks again after saves; an unassisted one (or a failed first
  // request) never sends another.
  const assisted = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    const labelled = () =>
      sentenceIds.filter((id) => answerOf(store.get(), sentenceKind, id).label !== '');
    const load = () => {
      if (inFlight.current) return;
      inFlight.current = true;
      const covering = labelled();
      for (const id of covering) asked.current.add(id);
      getReveal(assignmentId, controller.signal)
        .then((reveal) => {
          assisted.current = reveal.assisted;
          if (!reveal.assisted) return;
          setState({ assisted: reveal.assisted, verdicts: new Map(reveal.sentences.map((v) => [v.sentence, v])) });
        })
        .catch(() => {
          // Not shown: the workspace works without the model; the next save asks again.
        })
        .finally(() => {
          inFlight.current = false;
        });
    };
    load();
    const unsubscribe = queue.subscribe(() => {
      if (!assisted.current || queue.getSnapshot().status !== 'saved') return;
      if (labelled().some((id) => !asked.current.has(id))) load();
    });
    return () => {
      controller.abort();
      unsubscribe();
    };
  }, [assignmentId, queue, store, sentenceIds]);

  return state;
}

function verdictWords(verdict: RevealedVerdict): string {
  if (verdict.abstain) return 'no verdict (it abstained)';
  if (verdict.label !== null) return verdict.label;
  return verdict.score === null ? 'no verdict' : `score ${verdict.score.toFixed(2)}`;
}

/** Under a sentence of an assisted unit: the model's verdict, once the label is saved. */
export function ModelVerdict({ sentence, labelled }: { sentence: Handle; labelled: boolean }) {
  const { assisted, verdicts } = useContext(RevealContext);
  if (!assisted || !labelled) return null;
  const verdict = verdicts.get(sentence);
  if (verdict === undefined) {
    return (
      <Text size="sm" c="dimmed" mt={6} role="status">
        Model: shown once your label is saved.
      </Text>
    );
  }
  return (
    <div className="sentence__model" role="note" aria-label="Model's verdict" data-model-verdict="">
      <Text size="sm">
        <strong>Model:</strong> {verdictWords(verdict)}
      </Text>
      {verdict.explanation !== '' && <Text size="sm">{verdict.explanation}</Text>}
      {verdict.evidence.length > 0 && (
        <Text size="sm">
          Evidence: turn{verdict.evidence.length === 1 ? '' : 's'} {verdict.evidence.map((p) => p + 1).join(', ')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Your label was saved first; keep it or change it.
      </Text>
    </div>
  );
}
