import { Checkbox, Group, Kbd, Stack, Text, Textarea, Title } from '@mantine/core';
import { memo } from 'react';

import type { ErrorType, RelevanceAnchor, Scheme, Summary } from '../api/types';
import { EMPTY_SENTENCE, EMPTY_SUMMARY, sentenceCompletion, type Answers } from './answers';
import { CompletionDots } from './CompletionDots';
import { ConflictPanel } from './ConflictPanel';
import { RelevanceQuestion } from './RelevanceQuestion';
import { EXPLANATION_DEBOUNCE_MS, SentenceBlock } from './SentenceBlock';
import { sentenceKey, summaryKey, type Conflict, type ItemKey, type SaveSnapshot } from './saveQueue';
import type { ChangeAnswer } from './useWorkspaceSaving';

interface SummaryCardProps {
  summary: Summary;
  /** Its place among the unit's summaries, for `r` (the summary focus is in). */
  summaryIndex: number;
  /** Index of this summary's first sentence across all summaries. */
  firstIndex: number;
  focusedIndex: number | null;
  answers: Answers;
  scheme: Scheme;
  anchors: readonly RelevanceAnchor[];
  errorTypes: readonly ErrorType[];
  readOnly: boolean;
  errors: SaveSnapshot['errors'];
  conflicts: ReadonlyMap<ItemKey, Conflict>;
  onChange: ChangeAnswer;
  onKeepMine: (key: ItemKey) => void;
  onUseSaved: (key: ItemKey) => void;
}

/** One summary, named only by its letter: its sentences, then the per-summary questions the scheme asks. */
export const SummaryCard = memo(function SummaryCard(props: SummaryCardProps) {
  const { summary, answers, scheme, readOnly } = props;
  const key = summaryKey(summary.id);
  const answer = answers.summaries[summary.id] ?? EMPTY_SUMMARY;
  const errors = props.errors[key];
  const conflict = props.conflicts.get(key);
  const headingId = `summary-${summary.id}-heading`;
  const completion = summary.sentences.map((sentence) =>
    sentenceCompletion(answers.sentences[sentence.id], scheme, props.errorTypes.length > 0),
  );

  return (
    <section className="summary" aria-labelledby={headingId} data-summary-index={props.summaryIndex}>
      <Group justify="space-between" className="summary__head">
        <Title order={2} id={headingId} className="pane-title" tabIndex={-1} data-nav={`summary:${summary.id}`}>
          Summary {summary.label}
        </Title>
        {scheme.consistency && <CompletionDots states={completion} />}
      </Group>
      <Stack gap="xs">
        {summary.sentences.map((sentence, position) => {
          const index = props.firstIndex + position;
          const sentenceItem = sentenceKey(sentence.id);
          return (
            <SentenceBlock
              key={sentence.id}
              summaryLabel={summary.label}
              sentenceId={sentence.id}
              number={sentence.number}
              text={sentence.text}
              index={index}
              answer={answers.sentences[sentence.id] ?? EMPTY_SENTENCE}
              active={props.focusedIndex === index}
              askLabel={scheme.consistency}
              askComment={scheme.sentence_comment}
              askConfidence={scheme.confidence && scheme.consistency}
              errorTypes={scheme.error_types ? props.errorTypes : []}
              readOnly={readOnly}
              errors={props.errors[sentenceItem]}
              conflict={props.conflicts.get(sentenceItem)}
              onChange={props.onChange}
              onKeepMine={props.onKeepMine}
              onUseSaved={props.onUseSaved}
            />
          );
        })}
      </Stack>
      <Stack gap="sm" mt="md" className="summary__questions">
        {scheme.relevance && (
          <div data-nav={`relevance:${summary.id}`}>
            <RelevanceQuestion
              summaryLabel={summary.label}
              anchors={props.anchors}
              value={answer.relevance}
              onChange={(relevance) => props.onChange(key, { relevance })}
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
            onChange={(event) => props.onChange(key, { not_a_summary: event.currentTarget.checked })}
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
              props.onChange(key, { comment: event.currentTarget.value }, { debounceMs: EXPLANATION_DEBOUNCE_MS })
            }
          />
          </div>
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
            errorTypes={props.errorTypes}
            onKeepMine={() => props.onKeepMine(key)}
            onUseSaved={() => props.onUseSaved(key)}
          />
        )}
      </Stack>
    </section>
  );
});
