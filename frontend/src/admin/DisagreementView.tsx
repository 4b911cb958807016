import { Anchor, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';

import { KeyHint } from '../components/KeyHint';
import type { DisagreementUnit, SentFeedback } from '../api/types';
import { isTextField } from '../workspace/focus';
import { AdminDialogue } from './AdminDialogue';
import { EvidenceFocusContext, type ShownEvidence } from './evidenceFocus';
import { FeedbackBox } from './FeedbackBox';
import { feedbackFieldId, type FeedbackSentence } from './feedbackTarget';
import { SentFeedbackList } from './SentFeedbackList';
import { SummaryComparison } from './SummaryComparison';
import { TopicCategoryTable } from './TopicCategoryTable';

interface DisagreementViewProps {
  roundId: number;
  unit: DisagreementUnit;
  /** The notes already sent about this unit (or in general), with read state and replies. */
  sent?: readonly SentFeedback[];
  onFeedbackChanged?: () => void;
  /** Where "next disagreement" goes after this unit's last one; null when this is the last unit. */
  nextUnitPath?: string | null;
}

/** The dialogue on the left; on the right the disagreeing answers side by side (`n` or the
 * button moves to the next), and feedback with what was already sent. */
export function DisagreementView({ roundId, unit, sent = [], onFeedbackChanged, nextUnitPath = null }: DisagreementViewProps) {
  const topicId = useId();
  const feedbackId = useId();
  const pane = useRef<HTMLDivElement>(null);
  const [attached, setAttached] = useState<Record<string, FeedbackSentence | null>>({});
  const [showAgreeing, setShowAgreeing] = useState(false);
  const [atEnd, setAtEnd] = useState(false);
  const [shownEvidence, setShownEvidence] = useState<ShownEvidence | null>(null);
  const evidenceFocus = useMemo(
    () => ({ turns: unit.document.turns, shown: shownEvidence, show: setShownEvidence }),
    [unit.document.turns, shownEvidence],
  );

  function attach(annotator: string, sentence: FeedbackSentence) {
    setAttached((current) => ({ ...current, [annotator]: sentence }));
    // Straight to the box, so the admin can start typing.
    document.getElementById(feedbackFieldId(annotator))?.focus();
  }

  // The last disagreement visited: the button takes focus, so focus alone cannot say where we are.
  const visited = useRef<HTMLElement | null>(null);

  function nextDisagreement() {
    const all = Array.from(pane.current?.querySelectorAll<HTMLElement>('.compare-sentence[data-disagree]') ?? []);
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('.compare-sentence') : null;
    const current = focused ?? visited.current;
    const next = all[current === null ? 0 : all.indexOf(current) + 1];
    setAtEnd(next === undefined);
    if (next !== undefined) visited.current = next;
    if (next !== undefined) {
      next.focus({ preventScroll: true });
      next.scrollIntoView?.({ block: 'center' });
    }
  }

  // `n`: the next disagreement, as in the workspace (not while typing feedback).
  const latest = useRef(nextDisagreement);
  latest.current = nextDisagreement;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'n' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextField(event.target)) return;
      event.preventDefault();
      latest.current();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const notes = sent.filter((note) => note.topic === null || note.topic === unit.topic.id);

  return (
    <EvidenceFocusContext.Provider value={evidenceFocus}>
    <div className="compare">
      <AdminDialogue title={unit.document.title} turns={unit.document.turns} />
      <div className="compare-pane" ref={pane}>
        <Stack gap="lg">
          <Group gap="md" wrap="wrap">
            <Button size="xs" onClick={nextDisagreement} rightSection={<KeyHint keys="n" />} aria-keyshortcuts="n">
              Next disagreement
            </Button>
            <Switch
              label="Show the sentences everyone agrees on"
              checked={showAgreeing}
              onChange={(event) => setShowAgreeing(event.currentTarget.checked)}
            />
            {atEnd && (
              <Text size="sm" role="status">
                That was the last disagreement of this unit.{' '}
                {nextUnitPath !== null ? (
                  <Anchor component={Link} to={nextUnitPath}>
                    Next unit with disagreements
                  </Anchor>
                ) : (
                  'It is the last unit with disagreements.'
                )}
              </Text>
            )}
          </Group>
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
            <SummaryComparison
              key={summary.id}
              summary={summary}
              annotators={unit.annotators}
              onAttach={attach}
              showAgreeing={showAgreeing}
            />
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
                  {...(onFeedbackChanged === undefined ? {} : { onSent: onFeedbackChanged })}
                />
              ))}
              <SentFeedbackList notes={notes} onReplied={() => onFeedbackChanged?.()} />
            </Stack>
          </section>
        </Stack>
      </div>
    </div>
    </EvidenceFocusContext.Provider>
  );
}
