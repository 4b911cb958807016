import { Stack, Table, Text } from '@mantine/core';

import { api } from '../api/client';
import type { RoundSelection } from '../api/types';
import { AdminSection } from './AdminSection';
import { formatPercent as rate } from './format';
import { LoadStatus } from './LoadStatus';
import { useLoad } from './useLoad';

const STRATEGY: Record<RoundSelection['strategy'], string> = {
  disagreement: 'evaluator disagreement',
  uncertainty: 'score uncertainty',
  mix: 'a mix of disagreement and uncertainty',
};


/** The per-system error rates of a round whose units corpus runs chose, weighted by inverse
 * inclusion probabilities so they estimate the corpus, beside the unweighted rate of the
 * selected units (docs/models-in-the-loop.md). Nothing shows for other rounds. */
export function RoundSelectionCard({ roundId }: { roundId: number }) {
  const { state, reload } = useLoad(`selection-${roundId}`, (signal) =>
    api.get<{ selection: RoundSelection | null }>(`/api/admin/rounds/${roundId}/selection/`, signal),
  );
  if (state.status === 'ready' && state.data.selection === null) return null;
  return (
    <AdminSection title="Error rates per system, weighted">
      {(headingId) => (
        <Stack gap="sm">
          <LoadStatus state={state} what="the weighted rates" onRetry={reload} />
          {state.status === 'ready' && state.data.selection !== null && (
            <SelectionBody selection={state.data.selection} labelledBy={headingId} />
          )}
        </Stack>
      )}
    </AdminSection>
  );
}

function SelectionBody({ selection, labelledBy }: { selection: RoundSelection; labelledBy: string }) {
  const runs = selection.runs.map((run) => `${run.evaluator} ${run.version}`).join(', ');
  return (
    <>
      <Text size="sm">
        Units chosen by {STRATEGY[selection.strategy]} of {runs}, {selection.count} of {selection.frame_units} unannotated
        units, with a {Math.round(selection.reserve * 100)}% random reserve; {selection.labelled_units} of{' '}
        {selection.selected_units} selected units have gold labels throughout and count.
      </Text>
      <Text size="sm" fw={600}>
        {selection.note}
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-labelledby={labelledBy} striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">System</Table.Th>
              <Table.Th scope="col">Units</Table.Th>
              <Table.Th scope="col">Sentences</Table.Th>
              <Table.Th scope="col">Unweighted (selected units)</Table.Th>
              <Table.Th scope="col">Weighted, Hájek (± 1.96 SE)</Table.Th>
              <Table.Th scope="col">Weighted, Horvitz–Thompson</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {selection.systems.map((row) => (
              <Table.Tr key={row.system}>
                <Table.Th scope="row">{row.system}</Table.Th>
                <Table.Td>{row.units}</Table.Td>
                <Table.Td>{row.sentences}</Table.Td>
                <Table.Td>{rate(row.unweighted)}</Table.Td>
                <Table.Td>
                  {rate(row.hajek_rate)}
                  {row.hajek_se !== null && row.hajek_se !== undefined ? ` ± ${rate(1.96 * row.hajek_se)}` : ''}
                </Table.Td>
                <Table.Td>{rate(row.ht_rate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
