import { Table, Text } from '@mantine/core';

import type { PublishedRow } from '../api/types';
import { formatPercent } from './format';

interface PublishedLabelsTableProps {
  rows: readonly PublishedRow[];
  labelledBy: string;
  /** Group the rows by topic category (main / marginal) in a first column. */
  byTopicCategory?: boolean;
}

/** A benchmark's published labels counted per system (and per topic category). */
export function PublishedLabelsTable({ rows, labelledBy, byTopicCategory = false }: PublishedLabelsTableProps) {
  if (rows.length === 0) return <Text>No published labels in this round.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-labelledby={labelledBy} striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {byTopicCategory && <Table.Th scope="col">Topic category</Table.Th>}
            <Table.Th scope="col">System</Table.Th>
            <Table.Th scope="col">Summaries</Table.Th>
            <Table.Th scope="col">Sentences</Table.Th>
            <Table.Th scope="col">Consistent</Table.Th>
            <Table.Th scope="col">Inconsistent</Table.Th>
            <Table.Th scope="col">Inconsistent share</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.topic_category ?? ''}:${row.system}`}>
              {byTopicCategory && <Table.Td>{row.topic_category || 'not given'}</Table.Td>}
              <Table.Th scope="row">{row.system}</Table.Th>
              <Table.Td>{row.summaries}</Table.Td>
              <Table.Td>{row.sentences}</Table.Td>
              <Table.Td>{row.consistent}</Table.Td>
              <Table.Td>{row.inconsistent}</Table.Td>
              <Table.Td>{formatPercent(row.inconsistent_rate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
