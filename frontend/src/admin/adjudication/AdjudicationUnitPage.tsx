import { Alert, Badge, Button, Checkbox, Group, NativeSelect, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';

import { ApiError, api } from '../../api/client';
import { DialoguePane, type Linking } from '../../workspace/DialoguePane';
import { LoadStatus } from '../LoadStatus';
import { useLoad } from '../useLoad';
import { HistoryButton } from '../../components/HistoryButton';
import { ShortcutTable } from '../../workspace/ShortcutSheet';
import { ADJUDICATION_SHORTCUTS, useAdjudicationKeys } from './adjudicationKeys';
import { AtomicFactAdjudication } from './AtomicFactAdjudication';
import { KeyFactAdjudication } from './KeyFactAdjudication';
import type { AdjudicatedSentence, AdjudicationPayload, Gold, SentenceAnswer } from './types';

function GoldBadge({ gold, what = 'gold' }: { gold: Gold<string | number | string[]>; what?: string }) {
  if (gold.value === null) return <Badge color="gray">no {what} yet</Badge>;
  const value = Array.isArray(gold.value) ? gold.value.join(', ') || 'none' : String(gold.value);
  return (
    <Badge color={gold.provenance === 'adjudicated' ? 'grape' : 'blue'} variant="light" tt="none">
      {what}: {value} ({gold.provenance})
    </Badge>
  );
}

/** A rater's spans; each button shows where its evidence is in the dialogue pane. */
function RaterSpans({ rater, answer, onShow }: { rater: string; answer: SentenceAnswer; onShow: (linking: Linking) => void }) {
  return (
    <Group gap={4}>
      {answer.spans.map((span) => {
        const name = `${rater}'s span “${span.text}”`;
        return (
          <Button
            key={`${span.start}-${span.end}`}
            size="compact-xs"
            variant="light"
            aria-label={`Show the evidence of ${name}`}
            onClick={() =>
              onShow({
                spanName: name,
                evidence: span.evidence.map(({ turn, start, end }) => ({ turn, start, end })),
                canLink: false,
                onLink: () => undefined,
              })
            }
          >
            “{span.text}”{span.error_type !== null && ` · ${span.error_type}`}
            {span.no_evidence && ' · no evidence'}
          </Button>
        );
      })}
    </Group>
  );
}

/** `/app/admin/adjudication/:assignmentId`: one unit's answers side by side, the gold of each
 * layer with its provenance, and the admin's decision per layer with a note and a flag. */
export function AdjudicationUnitPage() {
  const assignmentId = Number(useParams().assignmentId ?? 0);
  const [search] = useSearchParams();
  const round = search.get('round');
  const url = `/api/admin/adjudication/${assignmentId}/${round === null ? '' : `?round=${encodeURIComponent(round)}`}`;
  const { state, reload, refresh } = useLoad(url, (signal) => api.get<AdjudicationPayload>(url, signal));
  return (
    <Stack gap="md">
      <LoadStatus state={state} what="the unit" onRetry={reload} />
      {/* Refetched in the background after a save: the page (and the focused sentence) stays. */}
      {state.status === 'ready' && <Unit payload={state.data} onSaved={() => void refresh()} />}
    </Stack>
  );
}

function Unit({ payload, onSaved }: { payload: AdjudicationPayload; onSaved: () => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useAdjudicationKeys(() => setShortcutsOpen(true));
  const [linking, setLinking] = useState<Linking | null>(null);
  const versions = new Map<string, number>([
    ...payload.judgements.sentences.map((state) => [`sentences:${state.sentence}`, state.version] as const),
    ...payload.judgements.summaries.map((state) => [`summaries:${state.summary}`, state.version] as const),
    ['topic:', payload.judgements.topic?.version ?? 0],
  ]);

  async function saveGold(route: 'sentences' | 'summaries' | 'topic', handle: string, fields: Record<string, unknown>) {
    const path = route === 'topic' ? 'topic/' : `${route}/${handle}/`;
    try {
      await api.patch(`/api/assignments/${payload.assignment}/${path}`, { ...fields, version: versions.get(`${route}:${handle}`) ?? 0 });
      setMessage('Gold saved.');
    } catch (failure: unknown) {
      setMessage(
        failure instanceof ApiError && failure.status === 409
          ? 'Another admin changed this gold value meanwhile: the page now shows theirs.'
          : failure instanceof Error
            ? failure.message
            : 'The gold value was not saved.',
      );
    }
    onSaved();
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Adjudicate: {payload.document.title} · {payload.topic.name}
        </Title>
        <Group gap="xs">
          <Button variant="subtle" size="xs" onClick={() => setShortcutsOpen(true)} aria-keyshortcuts="?">
            Shortcuts (?)
          </Button>
          <Button component={Link} to=".." relative="path" variant="default" size="xs">
            Back
          </Button>
        </Group>
      </Group>
      <ShortcutTable opened={shortcutsOpen} onClose={() => setShortcutsOpen(false)} shortcuts={ADJUDICATION_SHORTCUTS} />
      <Text size="sm">
        Answers of {payload.round?.name ?? 'no round'} by {payload.raters.join(', ') || 'nobody'}.
      </Text>
      {message !== null && <Text role="status">{message}</Text>}
      <div className="adjudication-panes">
        <div className="adjudication-panes__dialogue">
          <DialoguePane title={payload.document.title} turns={payload.document.turns.map((turn) => ({ ...turn, start: null, end: null }))} linking={linking} />
        </div>
        <Stack gap="md">
      <Paper withBorder p="sm">
        <Group gap="xs">
          <Text fw={600}>Topic category</Text>
          {Object.entries(payload.topic_category.answers).map(([rater, category]) => (
            <Badge key={rater} variant="outline" tt="none">
              {rater}: {category}
            </Badge>
          ))}
          <GoldBadge gold={payload.topic_category.gold} />
          <NativeSelect
            aria-label="Gold topic category"
            data={['', 'main', 'marginal', 'irrelevant']}
            value={payload.judgements.topic?.category || (payload.topic_category.gold.value ?? '')}
            onChange={(event) => void saveGold('topic', '', { category: event.currentTarget.value })}
          />
        </Group>
      </Paper>
      <KeyFactAdjudication payload={payload} onSaved={onSaved} />
      {payload.summaries.map((summary) => (
        <Paper key={summary.id} withBorder p="sm">
          <Group gap="xs" mb="xs">
            <Title order={2} size="h4">
              Summary {summary.label}
            </Title>
            {Object.entries(summary.answers).map(([rater, answer]) => (
              <Badge key={rater} variant="outline" tt="none">
                {rater}: relevance {answer.relevance ?? '–'}
              </Badge>
            ))}
            <GoldBadge gold={summary.gold.relevance} />
            <NativeSelect
              aria-label={`Gold relevance of summary ${summary.label}`}
              data={['', '1', '2', '3', '4', '5']}
              // The admin's own gold once set, else the gold in effect (majority, single answer…).
              value={String(payload.judgements.summaries.find((state) => state.summary === summary.id)?.relevance ?? summary.gold.relevance.value ?? '')}
              onChange={(event) =>
                void saveGold('summaries', summary.id, { relevance: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })
              }
            />
          </Group>
          <AtomicFactAdjudication payload={payload} summary={summary} onSaved={onSaved} />
          <Stack gap="sm">
            {summary.sentences.map((sentence) => (
              <SentenceCase key={sentence.id} payload={payload} summaryLabel={summary.label} sentence={sentence} onGold={saveGold} onShowEvidence={setLinking} />
            ))}
          </Stack>
        </Paper>
      ))}
        </Stack>
      </div>
    </Stack>
  );
}

function SentenceCase({
  payload,
  summaryLabel,
  sentence,
  onGold,
  onShowEvidence,
}: {
  payload: AdjudicationPayload;
  summaryLabel: string;
  sentence: AdjudicatedSentence;
  onGold: (route: 'sentences', handle: string, fields: Record<string, unknown>) => Promise<void>;
  onShowEvidence: (linking: Linking) => void;
}) {
  const own = payload.judgements.sentences.find((state) => state.sentence === sentence.id);
  const [types, setTypes] = useState<string[]>((own?.error_types ?? []).map(String));
  useEffect(() => setTypes((own?.error_types ?? []).map(String)), [own?.error_types]);
  const existing = payload.cases.find((item) => item.target === sentence.id);
  const [note, setNote] = useState(existing?.note ?? '');
  const [flagged, setFlagged] = useState(existing?.flagged ?? false);
  const [caseMessage, setCaseMessage] = useState<string | null>(null);
  const name = `Summary ${summaryLabel}, sentence ${sentence.number}`;
  // The question this sentence's note is about: the dispute, else the label, else the types.
  const question = sentence.review?.second === 'dispute' ? 'review_dispute' : !sentence.disagree && sentence.types_disagree ? 'error_types' : 'sentence_label';
  if (!sentence.disagree && !sentence.types_disagree && sentence.review === null && own === undefined) {
    return (
      <Text size="sm" c="dimmed">
        {sentence.number}. {sentence.text}
      </Text>
    );
  }

  async function saveCase() {
    try {
      await api.put(`/api/admin/adjudication/${payload.assignment}/cases/`, {
        question,
        target: sentence.id,
        note,
        flagged,
      });
      setCaseMessage(flagged ? 'Saved and flagged for the next guideline version.' : 'Note saved.');
    } catch (failure: unknown) {
      setCaseMessage(failure instanceof Error ? failure.message : 'The note was not saved.');
    }
  }

  return (
    <Stack
      gap={4}
      aria-label={name}
      tabIndex={-1}
      data-case=""
      data-decided={own?.label ? '' : undefined}
      className="adjudication-case"
    >
      <Group gap="xs">
        <Text fw={600}>
          {sentence.number}. {sentence.text}
        </Text>
        <GoldBadge gold={sentence.gold.label} />
        {sentence.gold.label.value === 'inconsistent' && <GoldBadge what="types" gold={sentence.gold.error_types} />}
        {sentence.types_disagree && (
          <Badge color="orange" variant="light" tt="none">
            the raters' error types differ
          </Badge>
        )}
      </Group>
      <Table className="table--stack-on-phone">
        <Table.Tbody>
          {Object.entries(sentence.answers).map(([rater, answer]) => (
            <Table.Tr key={rater}>
              <Table.Td>{rater}</Table.Td>
              <Table.Td>{answer.label || '–'}</Table.Td>
              <Table.Td>{answer.explanation}</Table.Td>
              <Table.Td>{answer.error_types.join(', ')}</Table.Td>
              <Table.Td>
                <RaterSpans rater={rater} answer={answer} onShow={onShowEvidence} />
              </Table.Td>
              <Table.Td>{answer.history !== null && <HistoryButton reference={answer.history} label={`${rater}, ${name}`} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {sentence.review !== null && (
        <Alert color={sentence.review.second === 'dispute' ? 'orange' : 'blue'} p="xs">
          Review: {sentence.review.decision.replace('_', ' ')}
          {sentence.review.note !== '' && ` — “${sentence.review.note}”`}
          {sentence.review.second !== '' && `; second reviewer: ${sentence.review.second}`}
          {sentence.review.second_note !== '' && ` — “${sentence.review.second_note}”`}
        </Alert>
      )}
      <Group gap="xs">
        <Button size="xs" data-gold="consistent" aria-keyshortcuts="1" variant={own?.label === 'consistent' ? 'filled' : 'default'} onClick={() => void onGold('sentences', sentence.id, { label: 'consistent', error_types: [] })}>
          Gold: consistent
        </Button>
        <Button size="xs" data-gold="inconsistent" aria-keyshortcuts="2" variant={own?.label === 'inconsistent' ? 'filled' : 'default'} onClick={() => void onGold('sentences', sentence.id, { label: 'inconsistent' })}>
          Gold: inconsistent
        </Button>
      </Group>
      {own?.label === 'inconsistent' && (
        <Checkbox.Group
          label="Gold error types"
          value={types}
          onChange={(values) => {
            setTypes(values);
            void onGold('sentences', sentence.id, { error_types: values.map(Number) });
          }}
        >
          <Group gap="sm" mt={4}>
            {payload.taxonomy.types.map((type) => (
              <Checkbox key={type.id} value={String(type.id)} label={type.name} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <Textarea label={`Note on ${name}`} autosize minRows={1} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
      <Group gap="sm">
        <Checkbox label="Flag for guideline update" checked={flagged} onChange={(event) => setFlagged(event.currentTarget.checked)} />
        <Button size="xs" variant="default" onClick={() => void saveCase()}>
          Save note
        </Button>
        {caseMessage !== null && <Text size="sm" role="status">{caseMessage}</Text>}
      </Group>
    </Stack>
  );
}
