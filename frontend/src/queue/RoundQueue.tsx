import { Badge, Group, Table, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

import { kindLabel } from '../roundKinds';
import type { RoundGroup } from './groupByRound';
import { QueueRow } from './QueueRow';

/** One round's assignments (practice, pilot, production…) as a table. */
export function RoundQueue({ group }: { group: RoundGroup }) {
  const headingId = useId();
  const { round, entries } = group;
  // A linguist may work in several projects: the heading says which one this round is of.
  const project = entries[0]?.project.name;
  return (
    <section aria-labelledby={headingId}>
      <Group gap="sm" mb="xs">
        <Title order={3} id={headingId}>
          {round.name}
          {project !== undefined && ` — ${project}`}
        </Title>
        <Badge variant="outline" color="gray" tt="none">
          {kindLabel(round.kind)}
        </Badge>
        {round.status === 'closed' && (
          <Badge variant="light" color="gray" tt="none">
            closed
          </Badge>
        )}
      </Group>
      <Table.ScrollContainer minWidth={640}>
        {/* Fixed column widths, so the tables of different rounds line up. */}
        <Table aria-labelledby={headingId} verticalSpacing="sm" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Topic</Table.Th>
              <Table.Th scope="col" w={110}>
                Unit
              </Table.Th>
              <Table.Th scope="col" w={130}>
                Status
              </Table.Th>
              <Table.Th scope="col" w={140}>
                Done
              </Table.Th>
              <Table.Th scope="col" w={90}>
                Time
              </Table.Th>
              <Table.Th scope="col" w={110}>
                <VisuallyHidden>Action</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <QueueRow key={entry.id} entry={entry} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
