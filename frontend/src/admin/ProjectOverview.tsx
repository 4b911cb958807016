import { Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { AdminProject } from '../api/types';
import { roleLabel } from '../roles';

/** Words for the scheme's switches; unknown keys are shown as sent. */
const SCHEME_LABELS: Record<string, string> = {
  consistency: 'Sentence consistency',
  error_types: 'Error types',
  error_spans: 'Error spans',
  require_error_spans: 'Error spans required',
  evidence: 'Evidence for each span',
  require_evidence: 'Evidence required',
  relevance: 'Relevance',
  sentence_comment: 'Comment per sentence',
  confidence: 'Confidence per sentence',
  not_a_summary: 'Not a summary',
  comment: 'Comment',
  topic_category: 'Topic category',
  completeness: 'Completeness',
  atomic_facts: 'Atomic facts',
};

/** Scheme, members with roles, and corpora counts. */
export function ProjectOverview({ project }: { project: AdminProject }) {
  const schemeId = useId();
  const membersId = useId();
  const corporaId = useId();
  const asked = Object.entries(project.scheme).filter(([, on]) => on === true);

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <Stack gap="xs" component="section" aria-labelledby={schemeId}>
        <Title order={3} size="h5" id={schemeId}>
          Questions asked
        </Title>
        {asked.length === 0 ? (
          <Text>None.</Text>
        ) : (
          <Group gap="xs" component="ul" className="plain-list" aria-labelledby={schemeId}>
            {asked.map(([key]) => (
              <Badge component="li" key={key} variant="light" tt="none">
                {SCHEME_LABELS[key] ?? key}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby={membersId}>
        <Title order={3} size="h5" id={membersId}>
          Members
        </Title>
        <Table aria-labelledby={membersId} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Person</Table.Th>
              <Table.Th scope="col">Roles</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {project.members.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {member.display_name || member.username}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {member.username}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{member.roles.map(roleLabel).join(', ')}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby={corporaId}>
        <Title order={3} size="h5" id={corporaId}>
          Corpora
        </Title>
        {project.corpora.length === 0 ? (
          <Text>No corpus yet. Import one below.</Text>
        ) : (
          <Table aria-labelledby={corporaId} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Corpus</Table.Th>
                <Table.Th scope="col">Documents</Table.Th>
                <Table.Th scope="col">Topics</Table.Th>
                <Table.Th scope="col">Summaries</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {project.corpora.map((corpus) => (
                <Table.Tr key={corpus.slug}>
                  <Table.Th scope="row">{corpus.slug}</Table.Th>
                  <Table.Td>{corpus.documents}</Table.Td>
                  <Table.Td>{corpus.topics}</Table.Td>
                  <Table.Td>{corpus.summaries}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </SimpleGrid>
  );
}
