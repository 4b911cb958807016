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
          <Text size="sm">{state.data.count} item(s), lowest agreement first.</Text>
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
          {state.data.count > state.data.page_size && (
            <Pagination total={Math.ceil(state.data.count / state.data.page_size)} value={page} onChange={setPage} />
          )}
        </>
      )}
    </Stack>
  );
}
