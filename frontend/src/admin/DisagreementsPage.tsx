import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';

import { getDisagreements } from '../api/client';
import { AdminSection } from './AdminSection';
import { LoadStatus } from './LoadStatus';
import { adminPaths, parseId } from './paths';
import { RoundHeader } from './RoundHeader';
import { useLoad } from './useLoad';
import { useRoundProject } from './useRoundProject';

/** `/app/admin/rounds/:id/disagreements` — the units where the annotators differ. */
export function DisagreementsPage() {
  const roundId = parseId(useParams().id) ?? 0;
  const context = useRoundProject(roundId);
  const slug = context.status === 'ready' ? context.data.project.slug : undefined;
  const { state, reload } = useLoad(String(roundId), (signal) => getDisagreements(roundId, signal));

  return (
    <Stack gap="lg">
      <RoundHeader roundId={roundId} page="Disagreements" context={context} />
      <LoadStatus state={state} what="the disagreements" onRetry={reload} />
      {state.status === 'ready' && (
        <AdminSection title="Units with disagreements">
          {(headingId) =>
            state.data.length === 0 ? (
              <Text>The annotators agree on every unit so far.</Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table aria-labelledby={headingId} striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Topic</Table.Th>
                      <Table.Th scope="col">Document</Table.Th>
                      <Table.Th scope="col">Sentences</Table.Th>
                      <Table.Th scope="col">Summaries</Table.Th>
                      <Table.Th scope="col">Topic category</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {state.data.map((unit) => (
                      <Table.Tr key={unit.topic}>
                        <Table.Th scope="row">
                          <Anchor component={Link} to={adminPaths.disagreement(roundId, unit.topic, slug)}>
                            {unit.topic_name}
                          </Anchor>
                        </Table.Th>
                        <Table.Td>{unit.document}</Table.Td>
                        <Table.Td>{unit.sentences}</Table.Td>
                        <Table.Td>{unit.summaries}</Table.Td>
                        <Table.Td>
                          {unit.topic_category ? (
                            <Badge color="orange" variant="light" tt="none">
                              Differs
                            </Badge>
                          ) : (
                            <Text size="sm">Agrees</Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </AdminSection>
      )}
    </Stack>
  );
}
