import { Badge, Button, Group, NativeSelect, Pagination, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { api } from '../../api/client';
import { LoadStatus } from '../LoadStatus';
import { useLoad } from '../useLoad';
import type { AdjudicationQueue, QueueItem } from './types';

const QUESTION_NAMES: Record<string, string> = {
  review_dispute: 'Disputed review',
  sentence_label: 'Sentence label',
  error_types: 'Error types',
  relevance: 'Relevance',
  topic_category: 'Topic category',
};

function where(item: QueueItem): string {
  if (item.sentence !== null) return `Summary ${item.summary ?? '?'}, sentence ${item.sentence}`;
  if (item.summary !== null) return `Summary ${item.summary}`;
  return 'The unit';
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Why nothing is listed: the filter hides items, or no round is closed yet. */
export function emptyQueueText(queue: AdjudicationQueue, decided: string): string {
  if (queue.hidden > 0) {
    const which = decided === 'false' ? 'decided' : 'undecided';
    const show = decided === 'false' ? '“Decided: Both” or “Decided”' : '“Decided: Both” or “Not decided yet”';
    return `Nothing to list with these filters: ${plural(queue.hidden, `${which} item`)} hidden. Choose ${show} to see ${queue.hidden === 1 ? 'it' : 'them'}.`;
  }
  if (queue.rounds.length === 0) {
    return queue.open_rounds > 0
      ? `Nothing to adjudicate yet: disagreements are listed when a round closes, and ${plural(queue.open_rounds, 'round')} ${queue.open_rounds === 1 ? 'is' : 'are'} still open. Close ${queue.open_rounds === 1 ? 'it' : 'them'} on the project page first.`
      : 'Nothing to adjudicate yet: disagreements are listed when a round closes, and this project has no closed round.';
  }
  const open = queue.open_rounds > 0 ? ` ${plural(queue.open_rounds, 'round')} still open will add theirs when closed.` : '';
  return `Nothing needs a decision with these filters.${open}`;
}

/** `/app/admin/projects/:slug/adjudication`: what needs a decision, lowest agreement first. */
export function AdjudicationQueuePage() {
  const slug = useParams().slug ?? '';
  const navigate = useNavigate();
  const [question, setQuestion] = useState('');
  const [round, setRound] = useState('');
  const [decided, setDecided] = useState('false');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams();
  if (question !== '') query.set('question', question);
  if (round !== '') query.set('round', round);
  if (decided !== '') query.set('decided', decided);
  query.set('page', String(page));
  const { state, reload } = useLoad(`${slug}?${query.toString()}`, (signal) =>
    api.get<AdjudicationQueue>(`/api/admin/projects/${slug}/adjudication/?${query.toString()}`, signal),
  );

  async function open(item: QueueItem) {
    const { assignment } = await api.post<{ assignment: number }>(`/api/admin/projects/${slug}/adjudication/units/${item.topic_id}/`);
    const roundHint = item.question === 'review_dispute' ? '' : `?round=${item.round.id}`;
    void navigate(`/app/admin/adjudication/${assignment}${roundHint}`);
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Adjudication
      </Title>
      <Group gap="md" align="flex-end">
        <NativeSelect
          label="Question"
          value={question}
          onChange={(event) => {
            setQuestion(event.currentTarget.value);
            setPage(1);
          }}
          data={[{ value: '', label: 'Every question' }, ...Object.entries(QUESTION_NAMES).map(([value, label]) => ({ value, label }))]}
        />
        <NativeSelect
          label="Round"
          value={round}
          onChange={(event) => {
            setRound(event.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: '', label: 'Every closed round' },
            ...(state.status === 'ready' ? state.data.rounds.map((r) => ({ value: String(r.id), label: r.name })) : []),
          ]}
        />
        <NativeSelect
          label="Decided"
          value={decided}
          onChange={(event) => {
            setDecided(event.currentTarget.value);
            setPage(1);
          }}
          data={[
            { value: 'false', label: 'Not decided yet' },
            { value: 'true', label: 'Decided' },
            { value: '', label: 'Both' },
          ]}
        />
      </Group>
      <LoadStatus state={state} what="the adjudication queue" onRetry={reload} />
      {state.status === 'ready' && (
        <>
          {state.data.count === 0 ? (
            <Text role="status">{emptyQueueText(state.data, decided)}</Text>
          ) : (
            <Text size="sm">{state.data.count} item(s), lowest agreement first.</Text>
          )}
          {state.data.count > 0 && (
          <Table aria-label="Items to adjudicate">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Question</Table.Th>
                <Table.Th scope="col">Unit</Table.Th>
                <Table.Th scope="col">Where</Table.Th>
                <Table.Th scope="col">Round</Table.Th>
                <Table.Th scope="col">Agreement</Table.Th>
                <Table.Th scope="col" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.data.items.map((item) => (
                <Table.Tr key={`${item.question}-${item.round.id}-${item.topic_id}-${item.summary ?? ''}-${item.sentence ?? ''}`}>
                  <Table.Td>
                    {QUESTION_NAMES[item.question] ?? item.question}
                    {item.decided && (
                      <Badge ml="xs" color="green" variant="light">
                        decided
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{item.unit}</Table.Td>
                  <Table.Td>{where(item)}</Table.Td>
                  <Table.Td>{item.round.name}</Table.Td>
                  <Table.Td miw={120}>
                    <Text size="sm">
                      {Math.round(item.agreement * 100)}% of {item.answers}
                    </Text>
                    <Progress value={item.agreement * 100} size="sm" aria-label={`Agreement ${Math.round(item.agreement * 100)}%`} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" onClick={() => void open(item)} aria-label={`Adjudicate: ${item.unit}, ${where(item)}`}>
                      Adjudicate
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          )}
          {state.data.count > state.data.page_size && (
            <Pagination total={Math.ceil(state.data.count / state.data.page_size)} value={page} onChange={setPage} />
          )}
        </>
      )}
    </Stack>
  );
}
