import { Table, Text } from '@mantine/core';

import type { ReleaseFile } from '../api/types';
import { formatBytes, shortHash } from './format';

/** The files of a release's zip with size, records and checksum (abbreviated; full on hover). */
export function ReleaseFiles({ files, version }: { files: ReleaseFile[]; version: string }) {
  if (files.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={`Files of ${version}`} verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">File</Table.Th>
            <Table.Th scope="col">Records</Table.Th>
            <Table.Th scope="col">Size</Table.Th>
            <Table.Th scope="col">SHA-256</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.name}>
              <Table.Th scope="row" fw={400}>
                <Text component="span" ff="monospace" size="sm">
                  {file.name}
                </Text>
              </Table.Th>
              <Table.Td>{file.records}</Table.Td>
              <Table.Td title={`${file.size} bytes`} style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(file.size)}
              </Table.Td>
              <Table.Td>
                {/* An abbreviation: the title gives the full checksum on hover and to screen readers. */}
                <Text component="abbr" ff="monospace" size="sm" title={file.sha256} style={{ textDecoration: 'none' }}>
                  {shortHash(file.sha256)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
