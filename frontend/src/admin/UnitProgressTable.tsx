import { Button, Stack, Table, Text } from '@mantine/core';

import type { AnnotatorProgress, UnitProgress } from '../api/types';
import { HistoryButton } from '../components/HistoryButton';
import { formatDuration } from '../format';
import { StatusChip } from '../queue/StatusChip';
import { ReopenButton } from './ReopenButton';

interface UnitProgressTableProps {
  units: UnitProgress[];
  annotators: AnnotatorProgress[];
  labelledBy: string;
  /** Submitted units of an open round can be reopened; called after one is. */
  onReopened?: (() => void) | undefined;
  /** Annotation rounds: open the unit on the adjudication screen (every layer, key facts and
   * atomic facts too, which the adjudication queue does not list). */
  onAdjudicate?: ((topic: number) => void) | undefined;
}

/** Per unit: one column per annotator with their status and time; empty where not assigned. */
export function UnitProgressTable({ units, annotators, labelledBy, onReopened, onAdjudicate }: UnitProgressTableProps) {
  return (
    <Table.ScrollContainer minWidth={400 + annotators.length * 140}>
      <Table aria-labelledby={labelledBy} striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Topic</Table.Th>
            <Table.Th scope="col">Document</Table.Th>
            {annotators.map((annotator) => (
              <Table.Th scope="col" key={annotator.username}>
                {annotator.display_name || annotator.username}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {units.map((unit) => (
            <Table.Tr key={unit.topic}>
              <Table.Th scope="row">
                <Stack gap={2} align="flex-start">
                  {unit.topic_name}
                  {onAdjudicate !== undefined && (
                    <Button size="compact-xs" variant="light" aria-label={`Adjudicate ${unit.topic_name}`} onClick={() => onAdjudicate(unit.topic)}>
                      Adjudicate
                    </Button>
                  )}
                </Stack>
              </Table.Th>
              <Table.Td>{unit.document}</Table.Td>
              {annotators.map((annotator) => {
                const assignment = unit.assignments.find((a) => a.username === annotator.username);
                return (
                  <Table.Td key={annotator.username}>
                    {assignment === undefined ? (
                      <Text size="sm" c="dimmed">
                        Not assigned
                      </Text>
                    ) : (
                      <Stack gap={2} align="flex-start">
                        <StatusChip status={assignment.status} />
                        <Text size="xs">{formatDuration(assignment.active_seconds)}</Text>
                        {onReopened !== undefined && assignment.status === 'submitted' && (
                          <ReopenButton
                            assignmentId={assignment.assignment}
                            who={annotator.display_name || annotator.username}
                            unit={unit.topic_name}
                            onReopened={onReopened}
                          />
                        )}
                        {assignment.status !== 'assigned' && (
                          <HistoryButton
                            reference={{ kind: 'assignment', id: assignment.assignment }}
                            label={`${annotator.display_name || annotator.username}'s work on ${unit.topic_name}`}
                          />
                        )}
                      </Stack>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
