import { Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';

import { api, getReleases } from '../api/client';
import type { Run } from '../releases/evaluators/types';
import { LoadStatus } from './LoadStatus';
import { useLoad } from './useLoad';

interface ExplanationSourcesProps {
  slug: string;
  release: string;
  evaluators: string[];
  onChange: (change: { release?: string; evaluators?: string[] }) => void;
  errors: { release?: string; evaluators?: string };
}

/**
 * What an explanation round asks about (docs/evaluation.md, "Explanation meta-annotation"):
 * a published release and the evaluators whose sentence explanations the linguists judge
 * (none chosen: every evaluator with explanations). The linguists never see these names.
 */
export function ExplanationSources({ slug, release, evaluators, onChange, errors }: ExplanationSourcesProps) {
  // One page of the most the server gives: a project has a few releases, not hundreds.
  const releases = useLoad(`releases:${slug}`, (signal) => getReleases(slug, 1, signal, 200));
  const published = releases.state.status === 'ready' ? releases.state.data.releases.filter((r) => r.status === 'published') : [];
  const runsUrl = release === '' ? '' : `/api/releases/${release}/evaluator-runs/`;
  const runs = useLoad(runsUrl, (signal) => (runsUrl === '' ? Promise.resolve({ runs: [] as Run[] }) : api.get<{ runs: Run[] }>(runsUrl, signal)));
  const explaining =
    runs.state.status === 'ready'
      ? [...new Set(runs.state.data.runs.filter((run) => run.sentences > 0 && run.explanations > 0).map((run) => run.evaluator))]
      : [];
  return (
    <Stack gap="sm">
      <LoadStatus state={releases.state} what="the releases" onRetry={releases.reload} />
      <NativeSelect
        label="Release"
        description="Its gold labels choose the sentences: inconsistent ones an evaluator also flagged."
        value={release}
        onChange={(event) => onChange({ release: event.currentTarget.value, evaluators: [] })}
        data={[
          { value: '', label: published.length === 0 ? 'No published release' : 'Choose a release' },
          ...published.map((r) => ({ value: String(r.id), label: r.version })),
        ]}
        error={errors.release}
        maw={320}
      />
      {runsUrl !== '' && <LoadStatus state={runs.state} what="the evaluator runs" onRetry={runs.reload} />}
      {runsUrl !== '' && runs.state.status === 'ready' && (
        <Checkbox.Group
          label="Evaluators"
          description={
            explaining.length === 0
              ? 'No run on this release explains its sentence labels: upload one with an explanation column first.'
              : 'None chosen: every evaluator with explanations. Linguists see the explanations unnamed, in a random order.'
          }
          value={evaluators}
          onChange={(chosen) => onChange({ evaluators: chosen })}
          error={errors.evaluators}
        >
          <Group gap="md" mt={6}>
            {explaining.map((name) => (
              <Checkbox key={name} value={name} label={name} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {runsUrl === '' && (
        <Text size="sm" c="dimmed">
          Choose a release to see its evaluators.
        </Text>
      )}
    </Stack>
  );
}
