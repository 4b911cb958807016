import { Group, Text, Title } from '@mantine/core';
import { memo } from 'react';

import type { ErrorType, Turn } from '../api/types';
import { SentenceInSummary } from './SentenceInSummary';
import { SourceAnswers } from './SourceAnswers';
import { STAGE_CONTROLS } from './stageControls';
import type { Item, ItemSentence, ItemStage, ItemSummary } from './types';

interface ItemCardProps {
  item: Item;
  index: number;
  count: number;
  /** The item the keys act on and whose evidence the dialogue shows. */
  active: boolean;
  stage: ItemStage;
  summary: ItemSummary;
  sentence: ItemSentence;
  errorTypes: readonly ErrorType[];
  turns: readonly Turn[];
}

/**
 * One item: the sentence in its summary, every annotator's answer, and this stage's answer.
 * Focusable as a whole (`j`/`k` land here and the keys act on it); memoised, and its answer
 * read with `useItem`, so a change re-renders this item only.
 */
export const ItemCard = memo(function ItemCard(props: ItemCardProps) {
  const { item, index, count, active, stage, summary, sentence, errorTypes, turns } = props;
  const itemName = `Summary ${summary.label}, sentence ${sentence.number}`;
  const Controls = STAGE_CONTROLS[stage];
  return (
    <article
      className="sentence"
      tabIndex={0}
      aria-label={`Item ${index + 1} of ${count}: ${itemName}`}
      data-nav={`item:${item.sentence}`}
      data-item-index={index}
      data-active={active || undefined}
    >
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          {itemName}
        </Title>
        <Text size="xs" c="dimmed">
          Item {index + 1} of {count}
        </Text>
      </Group>
      <SentenceInSummary summary={summary} sentence={item.sentence} labels={item.labels} />
      <SourceAnswers itemName={itemName} sentenceText={sentence.text} labels={item.labels} errorTypes={errorTypes} turns={turns} />
      <Controls item={item} itemName={itemName} sentenceText={sentence.text} errorTypes={errorTypes} />
    </article>
  );
});
