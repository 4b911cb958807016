import { Button, Code, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { api } from '../api/client';
import type { components } from '../api/schema';

type History = components['schemas']['HistoryOutput'];
/** What a history is asked for: a judgement (`sentencejudgement`, …) or a whole unit's
 * assignment (`assignment`), by id. */
export type HistoryRef = components['schemas']['HistoryRefOutput'];

/** The fields whose value changed from `before` to `after`, as "field: old → new". */
export function changedFields(before: unknown, after: unknown): string[] {
  const old = (before ?? {}) as Record<string, unknown>;
  const next = (after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(old), ...Object.keys(next)])]
    .filter((key) => key !== 'version' && JSON.stringify(old[key]) !== JSON.stringify(next[key]))
    .map((key) => `${key}: ${JSON.stringify(old[key] ?? null)} → ${JSON.stringify(next[key] ?? null)}`);
}

/** Opens a judgement's full audit history: who, when, what changed, from where. Used by the
 * adjudication screen, the disagreement view and the round progress. */
export function HistoryButton({ reference, label }: { reference: HistoryRef; label: string }) {
  const [opened, setOpened] = useState(false);
  const [history, setHistory] = useState<History | null>(null);
  const [error, setError] = useState<string | null>(null);
  function open() {
    setOpened(true);
    setHistory(null);
    api.get<History>(`/api/admin/history/${reference.kind}/${reference.id}/`).then(setHistory, (failure: unknown) =>
      setError(failure instanceof Error ? failure.message : 'Could not load the history.'),
    );
  }
  return (
    <>
      <Button size="compact-xs" variant="subtle" onClick={open} aria-label={`History of ${label}`}>
        History
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`History of ${label}`} size="xl">
        {error !== null && <Text c="red">{error}</Text>}
        {history === null && error === null && <Loader size="sm" aria-label="Loading the history" />}
        {history !== null && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">What</Table.Th>
                <Table.Th scope="col">Changes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.entries.map((entry, index) => (
                <Table.Tr key={`${entry.at}-${index}`}>
                  <Table.Td>{new Date(entry.at).toLocaleString()}</Table.Td>
                  <Table.Td>{entry.actor ?? '–'}</Table.Td>
                  <Table.Td>
                    {entry.action} ({entry.kind}, {entry.source.replace('_', ' ')})
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {changedFields(entry.before, entry.after).map((line) => (
                        <Code key={line}>{line}</Code>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Modal>
    </>
  );
}
