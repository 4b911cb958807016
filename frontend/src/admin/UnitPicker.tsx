import { Badge, Checkbox, Group, Loader, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useId } from 'react';

import { getProjectUnits } from '../api/client';
import type { ProjectUnit } from '../api/types';
import { useDebouncedSearch } from './useDebouncedSearch';
import { useLoad } from './useLoad';

interface UnitPickerProps {
  slug: string;
  /** Chosen units by topic id, with how they read (kept across pages and searches). */
  chosen: ReadonlyMap<number, string>;
  onChange: (chosen: Map<number, string>) => void;
  error?: string | undefined;
}

function describe(unit: ProjectUnit): string {
  return `${unit.topic_name || 'Generic summaries'} — ${unit.document}`;
}

/** The project's units by document and topic name (never an id), searchable and a page at
 * a time, each with the rounds it is already in. */
export function UnitPicker({ slug, chosen, onChange, error }: UnitPickerProps) {
  const { typed, setTyped, query, page, setPage } = useDebouncedSearch();
  const captionId = useId();
  const { state } = useLoad(`${slug}:${query}:${page}`, (signal) => getProjectUnits(slug, query, page, signal));

  function toggle(unit: ProjectUnit, on: boolean) {
    const next = new Map(chosen);
    if (on) next.set(unit.topic, describe(unit));
    else next.delete(unit.topic);
    onChange(next);
  }

  return (
    <Stack gap="xs">
      <TextInput
        label="Find units"
        description="Words of the topic or the document; every word must match."
        type="search"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        error={error}
      />
      <Text size="sm" id={captionId} aria-live="polite">
        {chosen.size === 0 ? 'No unit chosen yet.' : `${chosen.size} unit${chosen.size === 1 ? '' : 's'} chosen.`}
        {state.status === 'ready' && ` ${state.data.count} match${state.data.count === 1 ? 'es' : ''} the search.`}
      </Text>
      {chosen.size > 0 && (
        <Group gap={6} aria-label="Chosen units" role="list">
          {[...chosen.entries()].map(([topic, label]) => (
            <Badge
              key={topic}
              role="listitem"
              variant="light"
              tt="none"
              rightSection={
                <button type="button" className="badge-remove" aria-label={`Remove ${label}`} onClick={() => {
                  const next = new Map(chosen);
                  next.delete(topic);
                  onChange(next);
                }}>
                  ×
                </button>
              }
            >
              {label}
            </Badge>
          ))}
        </Group>
      )}
      {state.status === 'loading' && <Loader size="xs" aria-label="Loading the units" />}
      {state.status === 'error' && (
        <Text size="sm" c="red.8" role="alert">
          {state.message}
        </Text>
      )}
      {state.status === 'ready' && state.data.units.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} fz="sm" aria-describedby={captionId} aria-label="Units">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={40}>
                    <span className="visually-hidden">Chosen</span>
                  </Table.Th>
                  <Table.Th scope="col">Topic</Table.Th>
                  <Table.Th scope="col">Document</Table.Th>
                  <Table.Th scope="col">Summaries</Table.Th>
                  <Table.Th scope="col">Already in</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.data.units.map((unit) => (
                  <Table.Tr key={unit.topic}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Choose ${describe(unit)}`}
                        checked={chosen.has(unit.topic)}
                        onChange={(event) => toggle(unit, event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td>{unit.topic_name || <Text span c="dimmed">generic</Text>}</Table.Td>
                    <Table.Td>
                      {unit.document}{' '}
                      <Text span size="xs" c="dimmed">
                        ({unit.corpus})
                      </Text>
                    </Table.Td>
                    <Table.Td>{unit.summaries}</Table.Td>
                    <Table.Td>{unit.rounds.length === 0 ? <Text span c="dimmed">none</Text> : unit.rounds.join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {state.data.pages > 1 && (
            <Pagination total={state.data.pages} value={state.data.page} onChange={setPage} size="sm" aria-label="Pages of units" />
          )}
        </>
      )}
    </Stack>
  );
}
