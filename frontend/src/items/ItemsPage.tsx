import { Alert, Badge, Box, Button, Checkbox, Grid, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';

import { ApiError, api } from '../api/client';
import { NOTHING_ASKED, type AskingScheme } from '../kinds/kind';
import { missingOf } from '../kinds/registry';
import { DialoguePane } from '../workspace/DialoguePane';
import { SourceLabels } from './SourceLabels';
import type { Item, ItemsPayload } from './types';
import { useItemAnswers } from './useItemAnswers';

const DECISIONS = [
  { value: 'confirmed', label: 'Error confirmed', key: '1' },
  { value: 'false_positive', label: 'False positive', key: '2' },
  { value: 'types_changed', label: 'Confirmed, types changed', key: '3' },
] as const;
const VERDICTS = [
  { value: 'confirm', label: 'Confirm', key: 'c' },
  { value: 'dispute', label: 'Dispute', key: 'x' },
] as const;
const STAGE_TITLES = { review: 'Review', second_review: 'Second review', error_typing: 'Error typing' } as const;
const MESSAGES: Record<string, string> = {
  decision: 'decide: error confirmed, false positive, or types changed',
  error_types: 'pick the error types',
  note: 'write a note saying why',
  verdict: 'confirm or dispute the decision',
};

/** `/app/assignments/:id/items`: the item screen of a review or error-typing assignment. */
export function ItemsPage() {
  const { id } = useParams();
  const [payload, setPayload] = useState<ItemsPayload | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.get<ItemsPayload>(`/api/assignments/${id ?? ''}/items/`, controller.signal).then(setPayload, (failure: unknown) => {
      if (!controller.signal.aborted) setError(failure instanceof Error ? failure.message : 'Could not load the items.');
    });
    return () => controller.abort();
  }, [id]);
  if (error !== null) {
    return (
      <Alert color="red" title="Could not open these items" role="alert" m="md">
        {error} <Link to="/">Back to your queue</Link>
      </Alert>
    );
  }
  if (payload === null) {
    return (
      <Group m="md" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>Loading the items…</Text>
      </Group>
    );
  }
  return <ItemScreen payload={payload} />;
}

function ItemScreen({ payload }: { payload: ItemsPayload }) {
  const { answers, save, settled, kind } = useItemAnswers(payload);
  const [active, setActive] = useState(0);
  const [submitted, setSubmitted] = useState(payload.status === 'submitted');
  const [missing, setMissing] = useState<string[]>([]);
  const readOnly = payload.read_only || submitted;
  const item: Item | undefined = payload.items[active];
  // The project's questions are not asked on the item screen: only the stage's own answer.
  const scheme = useMemo<AskingScheme>(() => ({ ...NOTHING_ASKED, [kind.askedBy]: true }), [kind]);
  const letterOf = useMemo(() => new Map(payload.summaries.map((summary) => [summary.id, summary.label])), [payload.summaries]);
  const sentenceOf = useMemo(
    () => new Map(payload.summaries.flatMap((summary) => summary.sentences.map((sentence) => [sentence.id, sentence] as const))),
    [payload.summaries],
  );
  const answer = item === undefined ? undefined : answers[item.sentence];
  const fields = answer?.fields ?? {};
  const done = payload.items.filter((entry) => missingOf(kind, kind.apply(kind.empty, answers[entry.sentence]?.fields ?? {}), scheme).length === 0).length;

  const change = useCallback(
    (changes: Record<string, unknown>) => {
      if (item !== undefined && !readOnly) void save(item.sentence, changes);
    },
    [item, readOnly, save],
  );

  const submit = useCallback(async () => {
    try {
      // A change still on its way would be missing from what the server checks.
      (document.activeElement as HTMLElement | null)?.blur();
      await settled();
      await api.post(`/api/assignments/${payload.id}/submit/`);
      setSubmitted(true);
      setMissing([]);
    } catch (failure: unknown) {
      const body = failure instanceof ApiError ? (failure.body as { missing?: { message: string }[] } | undefined) : undefined;
      setMissing(body?.missing?.map((entry) => entry.message) ?? [failure instanceof Error ? failure.message : 'Could not submit.']);
    }
  }, [payload.id, settled]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const typing = event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement;
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void submit();
        return;
      }
      if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'j' || event.key === 'ArrowDown') setActive((n) => Math.min(n + 1, payload.items.length - 1));
      else if (event.key === 'k' || event.key === 'ArrowUp') setActive((n) => Math.max(n - 1, 0));
      else if (event.key === 'n') {
        event.preventDefault();
        document.getElementById('item-note')?.focus();
      } else if (payload.stage === 'review') {
        const decision = DECISIONS.find((option) => option.key === event.key);
        if (decision !== undefined) change({ decision: decision.value });
      } else if (payload.stage === 'second_review') {
        const verdict = VERDICTS.find((option) => option.key === event.key);
        if (verdict !== undefined) change({ verdict: verdict.value });
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [change, payload.items.length, payload.stage, submit]);

  const evidence = useMemo(
    () => (item === undefined ? [] : item.labels.flatMap((label) => label.spans.flatMap((span) => span.evidence))),
    [item],
  );
  const types = payload.taxonomy.types;
  const chosenTypes = (fields.error_types as number[] | undefined) ?? [];
  const showTypes = payload.stage === 'error_typing' || (payload.stage === 'review' && fields.decision === 'types_changed');

  return (
    <Box p="md">
      <Group justify="space-between" mb="sm">
        <Stack gap={0}>
          <Title order={1} size="h3">
            {STAGE_TITLES[payload.stage]}: {payload.topic.name}
          </Title>
          <Text size="sm" c="dimmed">
            {payload.round.name} · unit {payload.position} of {payload.count} · {done} of {payload.items.length} items done
          </Text>
        </Stack>
        <Group>
          <Button component={Link} to="/" variant="default" size="xs">
            Queue
          </Button>
          <Button onClick={() => void submit()} disabled={readOnly} size="xs" aria-keyshortcuts="Control+Enter">
            {submitted ? 'Submitted' : 'Submit'}
          </Button>
        </Group>
      </Group>
      {missing.length > 0 && (
        <Alert color="orange" title="Not yet complete" mb="sm" role="alert">
          <ul>
            {missing.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}
      <Text size="xs" c="dimmed" mb="sm">
        Keys: j/k or ↓/↑ move between items
        {payload.stage === 'review' && ' · 1 confirmed · 2 false positive · 3 types changed'}
        {payload.stage === 'second_review' && ' · c confirm · x dispute'} · n note · Ctrl+Enter submit
      </Text>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm" role="list" aria-label="Items">
            {payload.items.map((entry, index) => {
              const sentence = sentenceOf.get(entry.sentence);
              const own = answers[entry.sentence];
              const left = missingOf(kind, kind.apply(kind.empty, own?.fields ?? {}), scheme);
              return (
                <Paper
                  key={entry.sentence}
                  withBorder
                  p="sm"
                  role="listitem"
                  aria-current={index === active ? 'true' : undefined}
                  onClick={() => setActive(index)}
                  style={{ borderColor: index === active ? 'var(--mantine-color-blue-6)' : undefined, cursor: 'pointer' }}
                >
                  <Group gap="xs" mb={4}>
                    <Badge variant="light">
                      Summary {letterOf.get(entry.summary)}, sentence {sentence?.number}
                    </Badge>
                    {left.length === 0 ? <Badge color="green">done</Badge> : <Badge color="gray">to do</Badge>}
                    {own?.saving === true && <Text size="xs">Saving…</Text>}
                  </Group>
                  <Text fw={500}>{sentence?.text}</Text>
                  {index === active && (
                    <Stack gap="xs" mt="sm">
                      <SourceLabels labels={entry.labels} types={types} sentenceText={sentence?.text ?? ''} />
                      {payload.stage === 'second_review' && <DecisionShown item={entry} types={types} />}
                      {own?.conflict === true && (
                        <Alert color="yellow" role="status">
                          This item changed elsewhere since you loaded it; the saved answer is shown. Nothing was overwritten.
                        </Alert>
                      )}
                      {own?.error != null && (
                        <Alert color="red" role="alert">
                          {own.error}
                        </Alert>
                      )}
                      {payload.stage === 'review' && (
                        <Group gap="xs" role="radiogroup" aria-label="Decision">
                          {DECISIONS.map((option) => (
                            <Button
                              key={option.value}
                              size="xs"
                              role="radio"
                              aria-checked={fields.decision === option.value}
                              variant={fields.decision === option.value ? 'filled' : 'default'}
                              disabled={readOnly}
                              onClick={() => change({ decision: option.value })}
                            >
                              {option.key} · {option.label}
                            </Button>
                          ))}
                        </Group>
                      )}
                      {payload.stage === 'second_review' && (
                        <Group gap="xs" role="radiogroup" aria-label="Verdict">
                          {VERDICTS.map((option) => (
                            <Button
                              key={option.value}
                              size="xs"
                              role="radio"
                              aria-checked={fields.verdict === option.value}
                              variant={fields.verdict === option.value ? 'filled' : 'default'}
                              disabled={readOnly || entry.decision === null}
                              onClick={() => change({ verdict: option.value })}
                            >
                              {option.key} · {option.label}
                            </Button>
                          ))}
                        </Group>
                      )}
                      {showTypes && (
                        <Checkbox.Group
                          label="Error types"
                          value={chosenTypes.map(String)}
                          onChange={(values) => change({ error_types: values.map(Number) })}
                        >
                          <Group gap="sm" mt={4}>
                            {types.map((type) => (
                              <Checkbox key={type.id} value={String(type.id)} label={type.name} disabled={readOnly} />
                            ))}
                          </Group>
                        </Checkbox.Group>
                      )}
                      {payload.stage !== 'error_typing' && (
                        <NoteBox
                          key={entry.sentence}
                          value={(fields.note as string | undefined) ?? ''}
                          readOnly={readOnly}
                          onSave={(note) => change({ note })}
                        />
                      )}
                      {left.length > 0 && (
                        <Text size="xs" c="dimmed">
                          Still to do: {left.map((key) => MESSAGES[key] ?? key).join('; ')}
                        </Text>
                      )}
                    </Stack>
                  )}
                </Paper>
              );
            })}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <DialoguePane
            title={payload.document.title}
            turns={payload.document.turns}
            linking={
              item === undefined ? null : { spanName: 'the annotators’ evidence', kind: 'item', evidence, canLink: false, onLink: () => undefined }
            }
          />
        </Grid.Col>
      </Grid>
    </Box>
  );
}

/** The note, saved when it loses focus (a keystroke per save would flood the server). */
function NoteBox({ value, readOnly, onSave }: { value: string; readOnly: boolean; onSave: (note: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Textarea
      id="item-note"
      label="Note"
      description="Why: read by the annotators and the second reviewer."
      autosize
      minRows={2}
      value={text}
      readOnly={readOnly}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={() => {
        if (text !== value) onSave(text);
      }}
    />
  );
}

function DecisionShown({ item, types }: { item: Item; types: ItemsPayload['taxonomy']['types'] }) {
  if (item.decision === null) {
    return <Text size="sm">The reviewer has not decided this item yet.</Text>;
  }
  const names = item.decision.error_types.map((id) => types.find((type) => type.id === id)?.name ?? `type ${id}`);
  const label = DECISIONS.find((option) => option.value === item.decision?.decision)?.label ?? item.decision.decision;
  return (
    <Paper withBorder p="xs" bg="var(--mantine-color-gray-0)">
      <Text size="sm" fw={600}>
        Review decision: {label}
        {names.length > 0 && ` (${names.join(', ')})`}
      </Text>
      {item.decision.note !== '' && <Text size="sm">“{item.decision.note}”</Text>}
    </Paper>
  );
}
