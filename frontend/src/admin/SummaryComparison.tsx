import { Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

import type { DisagreementSummary } from '../api/types';
import { HistoryButton } from '../components/HistoryButton';
import type { FeedbackSentence } from './feedbackTarget';
import { JudgementRow } from './JudgementRow';
import { SentenceComparison } from './SentenceComparison';

interface SummaryComparisonProps {
  summary: DisagreementSummary;
  annotators: string[];
  onAttach: (annotator: string, sentence: FeedbackSentence) => void;
  /** Off: only the sentences the annotators label differently. */
  showAgreeing?: boolean;
}

/** One summary (by letter only): its summary-level answers per annotator, then its sentences. */
export function SummaryComparison({ summary, annotators, onAttach, showAgreeing = true }: SummaryComparisonProps) {
  const headingId = useId();
  const judgement = (annotator: string) => summary.judgements[annotator];
  const sentences = showAgreeing ? summary.sentences : summary.sentences.filter((sentence) => sentence.disagree);
  const summaryDiffers = summary.disagree ?? true;
  if (!showAgreeing && sentences.length === 0 && !summaryDiffers) {
    return (
      <Text size="sm" c="dimmed" className="compare-summary">
        Summary {summary.label}: everyone agrees.
      </Text>
    );
  }
  return (
    <section aria-labelledby={headingId} className="compare-summary">
      <Title order={3} size="h4" id={headingId} mb="xs">
        Summary {summary.label}
      </Title>
      <Table withColumnBorders verticalSpacing={4} fz="sm" layout="fixed" mb="sm" aria-labelledby={headingId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Td w={110} />
            {annotators.map((annotator) => (
              <Table.Th scope="col" key={annotator}>
                {annotator}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <JudgementRow
            label="Relevance"
            annotators={annotators}
            valueOf={(annotator) => String(judgement(annotator)?.relevance ?? '—')}
          />
          <JudgementRow
            label="Not a summary"
            annotators={annotators}
            valueOf={(annotator) => {
              const value = judgement(annotator)?.not_a_summary;
              return value === undefined ? '—' : value ? 'Yes' : 'No';
            }}
          />
          <JudgementRow
            label="Comment"
            annotators={annotators}
            valueOf={(annotator) => judgement(annotator)?.comment || '—'}
          />
          <Table.Tr>
            <Table.Th scope="row">
              <VisuallyHidden>History</VisuallyHidden>
            </Table.Th>
            {annotators.map((annotator) => {
              const history = judgement(annotator)?.history;
              return (
                <Table.Td key={annotator}>
                  {history !== undefined && (
                    <HistoryButton reference={history} label={`${annotator}'s answers on summary ${summary.label}`} />
                  )}
                </Table.Td>
              );
            })}
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Stack gap="sm">
        {sentences.map((sentence) => (
          <SentenceComparison
            key={sentence.id}
            sentence={sentence}
            summaryLabel={summary.label}
            annotators={annotators}
            onAttach={onAttach}
          />
        ))}
      </Stack>
    </section>
  );
}
