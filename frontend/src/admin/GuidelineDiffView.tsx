import { Alert, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { getGuidelineDiff } from '../api/client';
import type { GuidelineVersionSummary } from '../api/types';
import { DiffView } from './DiffView';
import { useLoad } from './useLoad';

interface GuidelineDiffViewProps {
  slug: string;
  versions: GuidelineVersionSummary[];
}

/** Two version selects and the unified diff between them, fetched as soon as both are chosen. */
export function GuidelineDiffView({ slug, versions }: GuidelineDiffViewProps) {
  const numbers = versions.map((version) => version.version).sort((a, b) => a - b);
  const latest = numbers.at(-1) ?? 0;
  const [from, setFrom] = useState(String(numbers.at(-2) ?? latest));
  const [to, setTo] = useState(String(latest));
  const same = from === to;
  const { state } = useLoad(same ? 'none' : `${slug}:${from}:${to}`, (signal) =>
    same ? Promise.resolve(null) : getGuidelineDiff(slug, Number(from), Number(to), signal),
  );
  const options = numbers.map((version) => ({ value: String(version), label: `v${version}` }));

  if (numbers.length === 0) return <Text>No guidelines yet: write the first version above.</Text>;
  if (numbers.length < 2) return <Text>There is only one version so far; a diff needs two.</Text>;
  return (
    <Stack gap="sm">
      <Group gap="md">
        <NativeSelect label="From version" data={options} value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
        <NativeSelect label="To version" data={options} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
      </Group>
      {same ? (
        <Text>Choose two different versions.</Text>
      ) : state.status === 'loading' ? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">Loading the diff…</Text>
        </Group>
      ) : state.status === 'error' ? (
        <Alert color="red" title="Could not load the diff" role="alert">
          {state.message}
        </Alert>
      ) : state.data === null ? null : (
        <DiffView diff={state.data.diff} label={`Changes from v${from} to v${to}`} />
      )}
    </Stack>
  );
}
