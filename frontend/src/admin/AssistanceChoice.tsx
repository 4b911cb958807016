import { Group, NativeSelect, NumberInput } from '@mantine/core';

import { getCorpusRunOptions } from '../api/client';
import { useLoad } from './useLoad';

interface AssistanceChoiceProps {
  slug: string;
  run: number | string;
  percent: number | string;
  onRun: (run: string) => void;
  onPercent: (percent: number | string) => void;
  error: (...fields: string[]) => string | undefined;
}

/** Whether the round shows a model's verdict after each saved label, and on what share of the
 * units (docs/models-in-the-loop.md, "Assisted rounds"). Only runs with sentence labels can be
 * revealed; linguists see the verdict as “Model”, never the evaluator or version named here. */
export function AssistanceChoice({ slug, run, percent, onRun, onPercent, error }: AssistanceChoiceProps) {
  const runs = useLoad(`corpus-runs:${slug}`, (signal) => getCorpusRunOptions(slug, signal));
  const options = runs.state.status === 'ready' ? runs.state.data.runs.filter((r) => r.has_labels && r.sentences > 0) : [];
  return (
    <Group gap="md" align="flex-start">
      <NativeSelect
        label="Model shown after each label"
        description="A corpus run whose verdict appears, as “Model”, once the linguist’s own label is saved."
        value={String(run)}
        onChange={(event) => onRun(event.currentTarget.value)}
        data={[
          { value: '', label: 'Off: no model in this round' },
          ...options.map((option) => ({
            value: String(option.id),
            label: `${option.evaluator} ${option.version} (${option.sentences} sentences)`,
          })),
        ]}
        error={error('assistance.run', 'assistance')}
      />
      {run !== '' && (
        <NumberInput
          label="Assisted units (%)"
          description="Per annotator and unit, seeded; the rest never see the model."
          min={5}
          max={95}
          value={percent}
          onChange={onPercent}
          error={error('assistance.share')}
        />
      )}
    </Group>
  );
}
