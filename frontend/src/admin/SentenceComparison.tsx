import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';

import type { DisagreementSentence } from '../api/types';
import { HistoryButton } from '../components/HistoryButton';
import { describeSentence, type FeedbackSentence } from './feedbackTarget';
import { LabelBadge } from './LabelBadge';
import { RaterSpans, spansSignature } from './RaterSpans';

interface SentenceComparisonProps {
  sentence: DisagreementSentence;
  summaryLabel: string;
  annotators: string[];
  onAttach: (annotator: string, sentence: FeedbackSentence) => void;
}

/** One sentence, then each annotator's label, explanation, types and spans in a column of their own. */
export function SentenceComparison({ sentence, summaryLabel, annotators, onAttach }: SentenceComparisonProps) {
  const place = describeSentence({ summaryLabel, number: sentence.number });
  const anySpans = annotators.some((annotator) => (sentence.judgements[annotator]?.spans.length ?? 0) > 0);
  const spansDiffer = new Set(annotators.map((annotator) => spansSignature(sentence.judgements[annotator]?.spans))).size > 1;
  const target: FeedbackSentence = { id: sentence.id, summaryLabel, number: sentence.number, text: sentence.text };
  return (
    <div
      className="compare-sentence"
      data-disagree={sentence.disagree ? '' : undefined}
      // Reached by "Next disagreement" (n); not in the tab order.
      tabIndex={sentence.disagree ? -1 : undefined}
      aria-label={sentence.disagree ? `Disagreement: ${place}` : undefined}
    >
      <Group gap="xs" align="baseline" wrap="nowrap">
        <span className="sentence__number">{sentence.number}</span>
        <Text className="sentence__text">{sentence.text}</Text>
        {sentence.disagree && (
          <Badge color="orange" variant="filled" tt="none" style={{ flexShrink: 0 }}>
            Disagreement
          </Badge>
        )}
      </Group>
      <Table.ScrollContainer minWidth={160 + annotators.length * 200}>
        <Table withColumnBorders verticalSpacing={4} fz="sm" layout="fixed">
          <Table.Caption>
            <VisuallyHidden>Judgements of {place}</VisuallyHidden>
          </Table.Caption>
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
            <Table.Tr>
              <Table.Th scope="row">Label</Table.Th>
              {annotators.map((annotator) => (
                <Table.Td key={annotator}>
                  <LabelBadge label={sentence.judgements[annotator]?.label} />
                </Table.Td>
              ))}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Explanation</Table.Th>
              {annotators.map((annotator) => {
                const explanation = sentence.judgements[annotator]?.explanation ?? '';
                return (
                  <Table.Td key={annotator} style={{ whiteSpace: 'pre-wrap' }}>
                    {explanation === '' ? <Text span size="sm" c="dimmed">None</Text> : explanation}
                  </Table.Td>
                );
              })}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Error types</Table.Th>
              {annotators.map((annotator) => {
                const types = sentence.judgements[annotator]?.error_types ?? [];
                return (
                  <Table.Td key={annotator}>
                    {types.length === 0 ? (
                      <Text span size="sm" c="dimmed">
                        None
                      </Text>
                    ) : (
                      types.join(', ')
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
            {anySpans && (
              <Table.Tr data-disagree={spansDiffer ? '' : undefined} className={spansDiffer ? 'row-disagree' : undefined}>
                <Table.Th scope="row">
                  Error spans
                  {spansDiffer && (
                    <>
                      {' '}
                      <span className="row-disagree__mark">(differ)</span>
                    </>
                  )}
                </Table.Th>
                {annotators.map((annotator) => (
                  <Table.Td key={annotator}>
                    <RaterSpans
                      annotator={annotator}
                      sentenceText={sentence.text}
                      spans={sentence.judgements[annotator]?.spans ?? []}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row">
                <VisuallyHidden>Feedback</VisuallyHidden>
              </Table.Th>
              {annotators.map((annotator) => {
                const history = sentence.judgements[annotator]?.history;
                return (
                  <Table.Td key={annotator}>
                    <Group gap={4}>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => onAttach(annotator, target)}
                        aria-label={`Feedback to ${annotator} about ${place}`}
                      >
                        Feedback about this sentence
                      </Button>
                      {history !== undefined && <HistoryButton reference={history} label={`${annotator}'s answer on ${place}`} />}
                    </Group>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}
