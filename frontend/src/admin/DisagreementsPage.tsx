import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';

import { getDisagreements } from '../api/client';
import type { DisagreementUnitSummary } from '../api/types';
import { AdminSection } from './AdminSection';
import { LoadStatus } from './LoadStatus';
import { PageControls } from './PageControls';
import { adminPaths, parseId } from './paths';
import { RoundHeader } from './RoundHeader';
import { useLoad } from './useLoad';
import { useRoundProject } from './useRoundProject';

/** `/app/admin/rounds/:id/disagreements` — the units where the annotators differ, a page at a time. */
export function DisagreementsPage() {
  const roundId = parseId(useParams().id) ?? 0;
  const context = useRoundProject(roundId);
  const slug = context.status === 'ready' ? context.data.project.slug : undefined;
  const [page, setPage] = useState(1);
  const { state, reload } = useLoad(`${roundId}:${page}`, (signal) => getDisagreements(roundId, page, signal));

  return (
    <Stack gap="lg">
      <RoundHeader roundId={roundId} page="Disagreements" context={context} />
      <LoadStatus state={state} what="the disagreements" onRetry={reload} />
      {state.status === 'ready' && (
        <AdminSection title="Units with disagreements">
          {(headingId) =>
            state.data.count === 0 ? (
              <Text>The annotators agree on every unit so far.</Text>
            ) : (
              <Stack gap="sm">
                <Text size="sm">
                  {state.data.count} unit{state.data.count === 1 ? '' : 's'} with disagreements.
                </Text>
                <DisagreementTable units={state.data.units} roundId={roundId} slug={slug} labelledBy={headingId} />
                <PageControls page={state.data} what="units with disagreements" onChange={setPage} />
              </Stack>
            )
          }
        </AdminSection>
      )}
    </Stack>
  );
}

interface DisagreementTableProps {
  units: DisagreementUnitSummary[];
  roundId: number;
  slug: string | undefined;
  labelledBy: string;
}

function DisagreementTable({ units, roundId, slug, labelledBy }: DisagreementTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-labelledby={labelledBy} striped verticalSpacing="xs">
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
          {units.map((unit) => (
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
  );
}
