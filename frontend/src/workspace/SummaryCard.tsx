import { Checkbox, Group, Kbd, Stack, Text, Textarea, Title } from '@mantine/core';
import { memo } from 'react';

import type { Summary } from '../api/types';
import { sentenceKind } from '../kinds/sentence';
import { summaryKind } from '../kinds/summary';
import { answerOf, sentenceCompletion } from './answers';
import { CompletionDots } from './CompletionDots';
import { ConflictPanel } from './ConflictPanel';
import { AtomicFactsPanel } from './facts/AtomicFactsPanel';
import { RelevanceQuestion } from './RelevanceQuestion';
import { EXPLANATION_DEBOUNCE_MS, SentenceBlock } from './SentenceBlock';
import { useAnswers, useItem, useWorkspacePayload } from './useItem';

interface SummaryCardProps {
  summary: Summary;
  /** Its place among the unit's summaries, for `r` (the summary focus is in). */
  summaryIndex: number;
  /** Index of this summary's first sentence across all summaries. */
  firstIndex: number;
  focusedIndex: number | null;
}

/** One summary, named only by its letter: its sentences, then the per-summary questions the scheme asks. */
export const SummaryCard = memo(function SummaryCard({ summary, summaryIndex, firstIndex, focusedIndex }: SummaryCardProps) {
  const payload = useWorkspacePayload();
  const { scheme } = payload;
  const item = useItem(summaryKind, summary.id);
  const { answer, readOnly, errors, conflict } = item;
  const answers = useAnswers();
  const headingId = `summary-${summary.id}-heading`;
  // The sentence of this summary focused last: `a` splits a new atomic fact from it.
  const focusedHere =
    focusedIndex !== null && focusedIndex >= firstIndex && focusedIndex < firstIndex + summary.sentences.length
      ? (summary.sentences[focusedIndex - firstIndex]?.id ?? null)
      : null;
  const completion = summary.sentences.map((sentence) =>
    sentenceCompletion(answerOf(answers, sentenceKind, sentence.id), scheme, item.errorTypes.length > 0),
  );

  return (
    <section className="summary" aria-labelledby={headingId} data-summary-index={summaryIndex}>
      <Group justify="space-between" className="summary__head">
        <Title order={2} id={headingId} className="pane-title" tabIndex={-1} data-nav={`summary:${summary.id}`}>
          Summary {summary.label}
        </Title>
        {scheme.consistency && <CompletionDots states={completion} />}
      </Group>
      <Stack gap="xs">
        {summary.sentences.map((sentence, position) => (
          <SentenceBlock
            key={sentence.id}
            summaryLabel={summary.label}
            sentence={sentence}
            index={firstIndex + position}
            active={focusedIndex === firstIndex + position}
          />
        ))}
      </Stack>
      <Stack gap="sm" mt="md" className="summary__questions">
        {scheme.relevance && (
          <div data-nav={`relevance:${summary.id}`}>
            <RelevanceQuestion
              summaryLabel={summary.label}
              anchors={payload.relevance_anchors}
              value={answer.relevance}
              onChange={(relevance) => item.save({ relevance })}
              readOnly={readOnly}
              error={errors?.relevance}
              optional={answer.not_a_summary}
            />
          </div>
        )}
        {scheme.not_a_summary && (
          <Checkbox
            label={
              <>
                Not a summary <Kbd size="xs">x</Kbd>
              </>
            }
            aria-label={`Not a summary (summary ${summary.label})`}
            aria-keyshortcuts="x"
            description="The text is not a summary of the dialogue."
            checked={answer.not_a_summary}
            // Read-only, not disabled: disabled, ticked and unticked both grey out (1.9:1).
            readOnly={readOnly}
            aria-readonly={readOnly || undefined}
            className="not-a-summary"
            error={errors?.not_a_summary}
            onChange={(event) => item.save({ not_a_summary: event.currentTarget.checked })}
          />
        )}
        {scheme.comment && (
          <div data-nav={`summary_comment:${summary.id}`}>
          <Textarea
            label={`Comment on summary ${summary.label} (optional)`}
            aria-keyshortcuts="s"
            autosize
            minRows={1}
            maxLength={5000}
            readOnly={readOnly}
            value={answer.comment}
            error={errors?.comment}
            onChange={(event) =>
              item.save({ comment: event.currentTarget.value }, { debounceMs: EXPLANATION_DEBOUNCE_MS })
            }
          />
          </div>
        )}
        {scheme.atomic_facts && (
          <AtomicFactsPanel summary={summary} activeSentence={focusedHere} showScore={scheme.show_fact_scores} />
        )}
        {errors?.detail !== undefined && (
          <Text size="sm" c="red.8" role="alert">
            {errors.detail}
          </Text>
        )}
        {conflict !== undefined && (
          <ConflictPanel
            itemName={`Summary ${summary.label}`}
            conflict={conflict}
            errorTypes={item.errorTypes}
            onKeepMine={item.keepMine}
            onUseSaved={item.adoptSaved}
          />
        )}
      </Stack>
    </section>
  );
});
