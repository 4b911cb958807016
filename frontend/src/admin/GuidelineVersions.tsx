import { Table, Text } from '@mantine/core';

import type { GuidelineVersionSummary } from '../api/types';
import { formatDateTime } from './format';

/** Published versions, newest first, with their changelogs. */
export function GuidelineVersions({ versions, labelledBy }: { versions: GuidelineVersionSummary[]; labelledBy: string }) {
  if (versions.length === 0) return <Text>No version yet. Write the first one below.</Text>;
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return (
    <Table aria-labelledby={labelledBy} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Version</Table.Th>
          <Table.Th scope="col">Changelog</Table.Th>
          <Table.Th scope="col">Published</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {newestFirst.map((version) => (
          <Table.Tr key={version.version}>
            <Table.Th scope="row">v{version.version}</Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{version.changelog}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(version.published_at ?? version.created_at)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
