import { Text } from '@mantine/core';

import type { ErrorType } from '../api/types';
import { ConflictPanel } from '../workspace/ConflictPanel';
import type { ItemState } from '../workspace/useItem';
import { DECISIONS, VERDICTS, explanationVerdictsInWords, missingWords } from './stages';

const FIELD_NAMES: Record<string, string> = {
  decision: 'Decision',
  verdict: 'Verdict',
  note: 'Note',
  error_types: 'Error types',
  explanations: 'Verdicts',
};

/** A decision or verdict in words for the conflict panel; null leaves a field to its rule. */
function describe(field: string, value: unknown): string | null {
  if (field === 'explanations') return explanationVerdictsInWords(value);
  const choices = field === 'decision' ? DECISIONS : field === 'verdict' ? VERDICTS : null;
  if (choices === null) return null;
  return choices.find((choice) => choice.value === value)?.label ?? '(none)';
}

interface ItemProblemsProps<A> {
  itemName: string;
  item: ItemState<A>;
  errorTypes: readonly ErrorType[];
  sentenceText: string;
  /** What the item still needs (its kind's completion rule). */
  missing: readonly string[];
}

/**
 * Below an item's controls: the server's message when a save was refused, both versions when
 * it changed elsewhere (the workspace's conflict panel), and what is still needed or that it
 * is done.
 */
export function ItemProblems<A>({ itemName, item, errorTypes, sentenceText, missing }: ItemProblemsProps<A>) {
  return (
    <>
      {item.errors?.detail !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {item.errors.detail}
        </Text>
      )}
      {item.conflict !== undefined && (
        <ConflictPanel
          itemName={itemName}
          conflict={item.conflict}
          errorTypes={errorTypes}
          sentenceText={sentenceText}
          fieldNames={FIELD_NAMES}
          describe={describe}
          onKeepMine={item.keepMine}
          onUseSaved={item.adoptSaved}
        />
      )}
      <Text size="sm" c={missing.length === 0 ? 'teal.8' : 'dimmed'} mt={4}>
        {missing.length === 0 ? 'Done ✓' : `Still needed: ${missing.map(missingWords).join('; ')}.`}
      </Text>
    </>
  );
}
