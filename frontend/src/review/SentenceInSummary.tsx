import { Mark, Text, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';

import type { Handle } from '../api/types';
import { segmentsOf } from '../workspace/spans/spanText';
import type { ItemSummary, SourceLabel } from './types';

interface SentenceInSummaryProps {
  summary: ItemSummary;
  sentence: Handle;
  labels: readonly SourceLabel[];
}

/** Each annotator's spans on the sentence, tagged with who marked them. */
function markedSpans(labels: readonly SourceLabel[]) {
  return labels.flatMap((label) => label.spans.map((span) => ({ start: span.start, end: span.end, rater: label.rater })));
}

/**
 * The item's sentence read where it stands: its summary's other sentences around it in grey,
 * the item marked, and in it the words annotators marked wrong, each tagged with their role
 * letters. The summary is named by its letter only; nothing else about it is on the page.
 */
export function SentenceInSummary({ summary, sentence, labels }: SentenceInSummaryProps) {
  const spans = markedSpans(labels);
  return (
    <Text className="sentence__text" mt={4}>
      <VisuallyHidden>Summary {summary.label}: </VisuallyHidden>
      {summary.sentences.map((candidate, index) => (
        <Fragment key={candidate.id}>
          {index > 0 && ' '}
          {candidate.id === sentence ? (
            <Mark color="yellow.2" className="item-sentence" data-item-sentence="">
              {segmentsOf(candidate.text, spans).map((segment) => {
                if (segment.covering.length === 0) return segment.text;
                const raters = [...new Set(segment.covering.map((index) => spans[index]?.rater))].join(', ');
                return (
                  // The raters' letters are drawn after the words (CSS `data-type`, as spans in the workspace).
                  <span key={segment.start} className="error-span" data-type={raters} title={`Marked wrong by ${raters}`}>
                    {segment.text}
                  </span>
                );
              })}
            </Mark>
          ) : (
            <Text span c="dimmed" inherit>
              {candidate.text}
            </Text>
          )}
        </Fragment>
      ))}
    </Text>
  );
}
