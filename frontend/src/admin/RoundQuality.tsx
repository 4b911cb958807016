import { Alert, Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { api } from '../api/client';
import type { components } from '../api/schema';
import { AdminSection } from './AdminSection';
import { LoadStatus } from './LoadStatus';
import { useLoad } from './useLoad';

type Quality = components['schemas']['RoundQualityOutput'];

function share(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : `${Math.round(value * 100)}%`;
}

/** A round's quality control (docs/api/quality.md): accuracy against the answer key, on gold
 * units week by week, drift, and who is paused, with a button to resume them. */
export function RoundQuality({ roundId, slug }: { roundId: number; slug: string }) {
  const { state, reload } = useLoad(`quality-${roundId}`, (signal) =>
    api.get<Quality>(`/api/admin/rounds/${roundId}/quality/`, signal),
  );
  const [message, setMessage] = useState<string | null>(null);
  async function resume(username: string) {
    await api.post(`/api/admin/projects/${slug}/members/${encodeURIComponent(username)}/resume/`);
    setMessage(`${username} can start new work again.`);
    reload();
  }
  return (
    <AdminSection title="Quality control">
      {() => (
        <Stack gap="sm">
          <LoadStatus state={state} what="the quality figures" onRetry={reload} />
          {message !== null && <Text role="status">{message}</Text>}
          {state.status === 'ready' && (
            <>
              {state.data.paused.map((paused) => (
                <Alert key={paused.username} color="orange" title={`${paused.username} is paused`} role="alert">
                  <Text size="sm">
                    Their accuracy on gold units fell to {share(paused.accuracy)}; their work not yet started waits for you.
                  </Text>
                  <Button size="xs" mt="xs" onClick={() => void resume(paused.username)}>
                    Resume {paused.username}
                  </Button>
                </Alert>
              ))}
              {state.data.answer_key.annotators.length > 0 && (
                <>
                  <Text fw={600}>Against the answer key ({state.data.answer_key.units} keyed units)</Text>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Annotator</Table.Th>
                        <Table.Th scope="col">Units</Table.Th>
                        <Table.Th scope="col">Labels</Table.Th>
                        <Table.Th scope="col">Types</Table.Th>
                        <Table.Th scope="col">Relevance</Table.Th>
                        <Table.Th scope="col">Category</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {state.data.answer_key.annotators.map((row) => (
                        <Table.Tr key={row.username}>
                          <Table.Td>{row.username}</Table.Td>
                          <Table.Td>{row.units}</Table.Td>
                          <Table.Td>{share(row.accuracy.sentence_label)}</Table.Td>
                          <Table.Td>{share(row.accuracy.error_types)}</Table.Td>
                          <Table.Td>{share(row.accuracy.relevance)}</Table.Td>
                          <Table.Td>{share(row.accuracy.topic_category)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </>
              )}
              {state.data.gold_units.units > 0 && (
                <>
                  <Text fw={600}>
                    Gold units: {state.data.gold_units.units} ({share(state.data.gold_units.rate)} of the round), pause below{' '}
                    {share(state.data.gold_units.pause_below)}
                  </Text>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Annotator</Table.Th>
                        <Table.Th scope="col">Scored</Table.Th>
                        <Table.Th scope="col">Accuracy</Table.Th>
                        <Table.Th scope="col">By week</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {state.data.gold_units.annotators.map((row) => (
                        <Table.Tr key={row.username}>
                          <Table.Td>{row.username}</Table.Td>
                          <Table.Td>{row.scored}</Table.Td>
                          <Table.Td>{share(row.accuracy)}</Table.Td>
                          <Table.Td>{row.by_week.map((week) => `${week.week}: ${share(week.accuracy)}`).join(' · ')}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </>
              )}
              <Text fw={600}>Drift: agreement with the gold or the others’ majority, by week</Text>
              {state.data.drift.length === 0 ? (
                <Text size="sm">Nothing submitted yet.</Text>
              ) : (
                <Table>
                  <Table.Tbody>
                    {state.data.drift.map((row) => (
                      <Table.Tr key={row.username}>
                        <Table.Td>{row.username}</Table.Td>
                        <Table.Td>
                          {row.weeks.map((week) => `${week.week}: ${share(week.agreement)} of ${week.sentences}`).join(' · ')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </>
          )}
        </Stack>
      )}
    </AdminSection>
  );
}
