import { Group, Stack, Table, Text } from '@mantine/core';

import { api } from '../api/client';
import type { components } from '../api/schema';
import { AdminSection } from './AdminSection';
import { LoadStatus } from './LoadStatus';
import { useLoad } from './useLoad';

type RoundReview = components['schemas']['RoundReviewOutput'];
type Rate = components['schemas']['AnnotatorRateOutput'];

function share(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

function RateRows({ rows, name }: { rows: (Omit<Rate, 'username'> & { name: string })[]; name: string }) {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{name}</Table.Th>
          <Table.Th scope="col">Reviewed</Table.Th>
          <Table.Th scope="col">False positives</Table.Th>
          <Table.Th scope="col">Rate</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.name}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{row.reviewed}</Table.Td>
            <Table.Td>{row.false_positive}</Table.Td>
            <Table.Td>{share(row.rate)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A review round's progress per reviewer and what it found (docs/api/review.md). */
export function ReviewResults({ roundId }: { roundId: number }) {
  const { state, reload } = useLoad(`review-${roundId}`, (signal) =>
    api.get<RoundReview>(`/api/admin/rounds/${roundId}/review/`, signal),
  );
  return (
    <AdminSection title="Review results">
      {() => (
        <Stack gap="sm">
          <LoadStatus state={state} what="the review results" onRetry={reload} />
          {state.status === 'ready' && (
            <>
              <Group gap="lg">
                <Text>{state.data.items} items</Text>
                <Text>{state.data.decided} decided</Text>
                <Text>{state.data.confirmed} confirmed by a second reviewer</Text>
                <Text>{state.data.disputed} disputed</Text>
              </Group>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Reviewer</Table.Th>
                    <Table.Th scope="col">Stage</Table.Th>
                    <Table.Th scope="col">Done</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {state.data.reviewers.map((reviewer) => (
                    <Table.Tr key={`${reviewer.username}-${reviewer.stage}`}>
                      <Table.Td>{reviewer.username}</Table.Td>
                      <Table.Td>{reviewer.stage === 'second_review' ? 'second review' : 'review'}</Table.Td>
                      <Table.Td>
                        {reviewer.done} / {reviewer.items}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Text fw={600}>False-positive rate by annotator</Text>
              <RateRows name="Annotator" rows={state.data.false_positive_rate.by_annotator.map((row) => ({ ...row, name: row.username }))} />
              <Text fw={600}>False-positive rate by error type</Text>
              <RateRows name="Error type" rows={state.data.false_positive_rate.by_error_type.map((row) => ({ ...row, name: row.type }))} />
            </>
          )}
        </Stack>
      )}
    </AdminSection>
  );
}
