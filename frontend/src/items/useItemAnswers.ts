import { useCallback, useRef, useState } from 'react';

import { ApiError, api } from '../api/client';
import { kindByKey } from '../kinds/registry';
import type { Fields } from '../kinds/kind';
import type { ItemStage, ItemsPayload } from './types';

/** The kind an item screen's stage answers (annotations/kinds/review.py). */
export function stageKind(stage: ItemStage): 'review' | 'second_review' | 'typing' {
  return stage === 'error_typing' ? 'typing' : stage;
}

export interface ItemAnswer {
  fields: Fields;
  version: number;
  saving: boolean;
  error: string | null;
  /** Set when the server had a newer version: the saved state was adopted instead. */
  conflict: boolean;
}

/** The saved states of the stage's kind in the payload, by sentence handle. */
function initial(payload: ItemsPayload): Record<string, ItemAnswer> {
  const key = stageKind(payload.stage);
  const states: Record<string, unknown>[] =
    key === 'review' ? payload.judgements.reviews : key === 'second_review' ? payload.judgements.second_reviews : payload.judgements.typings;
  const answers: Record<string, ItemAnswer> = {};
  for (const state of states) {
    const { sentence, version, ...fields } = state as { sentence: string; version: number } & Fields;
    answers[sentence] = { fields, version, saving: false, error: null, conflict: false };
  }
  return answers;
}

/**
 * The answers of one item screen and their saves: each change is sent at once as a PATCH of
 * the fields changed with the version it edits (the same versioned save every kind has); a
 * 409 adopts the saved state and says so, so nothing is overwritten unseen. Saves of one item
 * are chained, so a fast second change waits for the first's new version.
 */
export function useItemAnswers(payload: ItemsPayload) {
  const kind = kindByKey(stageKind(payload.stage));
  const [answers, setAnswers] = useState<Record<string, ItemAnswer>>(() => initial(payload));
  // The version each next save edits, kept outside React's state: a chained save runs before
  // the re-render that would show the previous save's version.
  const versions = useRef<Map<string, number>>(
    new Map(Object.entries(answers).map(([sentence, answer]) => [sentence, answer.version])),
  );
  const chains = useRef(new Map<string, Promise<void>>());

  const update = useCallback((sentence: string, change: (current: ItemAnswer) => ItemAnswer) => {
    setAnswers((current) => {
      const before = current[sentence] ?? { fields: {}, version: 0, saving: false, error: null, conflict: false };
      return { ...current, [sentence]: change(before) };
    });
  }, []);

  const save = useCallback(
    (sentence: string, changes: Fields) => {
      update(sentence, (current) => ({ ...current, fields: { ...current.fields, ...changes }, saving: true, error: null, conflict: false }));
      const previous = chains.current.get(sentence) ?? Promise.resolve();
      const next = previous.then(async () => {
        const version = versions.current.get(sentence) ?? 0;
        try {
          const saved = await api.patch<{ version: number } & Fields>(kind.url(payload.id, sentence), { ...changes, version });
          const { sentence: _handle, version: savedVersion, ...fields } = saved;
          versions.current.set(sentence, savedVersion);
          update(sentence, (current) => ({ ...current, fields: { ...current.fields, ...fields }, version: savedVersion, saving: false }));
        } catch (error: unknown) {
          if (error instanceof ApiError && error.status === 409) {
            const body = error.body as { current?: Fields };
            const { sentence: _handle, version: savedVersion, ...fields } = body.current ?? {};
            const version = typeof savedVersion === 'number' ? savedVersion : 0;
            versions.current.set(sentence, version);
            update(sentence, () => ({ fields, version, saving: false, error: null, conflict: true }));
            return;
          }
          const message = error instanceof Error ? error.message : 'The answer could not be saved.';
          update(sentence, (current) => ({ ...current, saving: false, error: message }));
        }
      });
      chains.current.set(sentence, next);
      return next;
    },
    [kind, payload.id, update],
  );

  /** Resolves once every save sent so far has an answer: submit waits for it. */
  const settled = useCallback(async () => {
    await Promise.all([...chains.current.values()]);
  }, []);

  return { answers, save, settled, kind };
}
