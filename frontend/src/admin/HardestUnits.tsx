import { Group, List, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';

import { api, getReleases } from '../api/client';
import type { HardUnit, HardnessMeasure } from '../api/types';
import { LoadStatus } from './LoadStatus';
import { useLoad } from './useLoad';

interface HardestUnitsProps {
  slug: string;
  release: string;
  by: HardnessMeasure;
  count: number | string;
  onChange: (change: { release?: string; by?: HardnessMeasure; count?: number | string }) => void;
  errors: { release?: string; by?: string; count?: string };
}

const MEASURES: { value: HardnessMeasure; label: string }[] = [
  { value: 'against_gold', label: 'Evaluators wrong against the gold labels' },
  { value: 'among_evaluators', label: 'Evaluators disagreeing with each other' },
];

/** The units of a published release hardest for its evaluators (docs/evaluation.md, "Hard
 * units"): pick the release and the measure, see the units the round would take. */
export function HardestUnits({ slug, release, by, count, onChange, errors }: HardestUnitsProps) {
  // One page of the most the server gives: a project has a few releases, not hundreds.
  const releases = useLoad(`releases:${slug}`, (signal) => getReleases(slug, 1, signal, 200));
  const published = releases.state.status === 'ready' ? releases.state.data.releases.filter((r) => r.status === 'published') : [];
  const countNumber = typeof count === 'number' ? count : Number(count);
  const previewKey = release !== '' && countNumber >= 1 ? `/api/releases/${release}/hard-units/?by=${by}&count=${countNumber}` : '';
  const preview = useLoad(previewKey, (signal) =>
    previewKey === '' ? Promise.resolve({ units: [] as HardUnit[] }) : api.get<{ units: HardUnit[] }>(previewKey, signal),
  );
  return (
    <Stack gap="sm">
      <LoadStatus state={releases.state} what="the releases" onRetry={releases.reload} />
      <Group align="flex-start">
        <NativeSelect
          label="Release"
          description="Its evaluator runs measure the units."
          value={release}
          onChange={(event) => onChange({ release: event.currentTarget.value })}
          data={[{ value: '', label: published.length === 0 ? 'No published release' : 'Choose a release' }, ...published.map((r) => ({ value: String(r.id), label: r.version }))]}
          error={errors.release}
        />
        <NativeSelect label="Hardest by" value={by} onChange={(event) => onChange({ by: event.currentTarget.value as HardnessMeasure })} data={MEASURES} error={errors.by} />
        <NumberInput label="Number of units" min={1} allowDecimal={false} value={count} onChange={(value) => onChange({ count: value })} error={errors.count} />
      </Group>
      {previewKey !== '' && preview.state.status === 'error' && <Text size="sm" c="red.8" role="alert">{preview.state.message}</Text>}
      {previewKey !== '' && preview.state.status === 'ready' && (
        <List size="sm" aria-label="Hardest units" type="ordered">
          {preview.state.data.units.map((unit) => (
            <List.Item key={unit.topic_id}>
              {unit.unit}: {Math.round(unit.against_gold * 100)}% of calls wrong, {Math.round(unit.among_evaluators * 100)}% in the minority ({unit.records} sentences)
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
