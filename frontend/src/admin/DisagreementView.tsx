import { Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';

import type { DisagreementUnit } from '../api/types';
import { AdminDialogue } from './AdminDialogue';
import { FeedbackBox } from './FeedbackBox';
import { feedbackFieldId, type FeedbackSentence } from './feedbackTarget';
import { SummaryComparison } from './SummaryComparison';
import { TopicCategoryTable } from './TopicCategoryTable';

interface DisagreementViewProps {
  roundId: number;
  unit: DisagreementUnit;
}

/** The dialogue on the left; on the right every annotator's answers side by side, and feedback boxes. */
export function DisagreementView({ roundId, unit }: DisagreementViewProps) {
  const topicId = useId();
  const feedbackId = useId();
  const [attached, setAttached] = useState<Record<string, FeedbackSentence | null>>({});

  function attach(annotator: string, sentence: FeedbackSentence) {
    setAttached((current) => ({ ...current, [annotator]: sentence }));
    // Straight to the box, so the admin can start typing.
    document.getElementById(feedbackFieldId(annotator))?.focus();
  }

  return (
    <div className="compare">
      <AdminDialogue title={unit.document.title} turns={unit.document.turns} />
      <div className="compare-pane">
        <Stack gap="lg">
          <section aria-labelledby={topicId}>
            <Text size="sm" c="dimmed">
              Topic
            </Text>
            <Title order={2} size="h3" id={topicId} mb="xs">
              {unit.topic.name}
            </Title>
            <TopicCategoryTable unit={unit} labelledBy={topicId} />
          </section>
          {unit.summaries.map((summary) => (
            <SummaryComparison key={summary.id} summary={summary} annotators={unit.annotators} onAttach={attach} />
          ))}
          <section aria-labelledby={feedbackId}>
            <Title order={2} size="h3" id={feedbackId} mb="xs">
              Feedback
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Each linguist sees your note on top of their queue. Use “Feedback about this sentence” to point at one.
            </Text>
            <Stack gap="sm">
              {unit.annotators.map((annotator) => (
                <FeedbackBox
                  key={annotator}
                  roundId={roundId}
                  annotator={annotator}
                  sentence={attached[annotator] ?? null}
                  onDetach={() => setAttached((current) => ({ ...current, [annotator]: null }))}
                />
              ))}
            </Stack>
          </section>
        </Stack>
      </div>
    </div>
  );
}
