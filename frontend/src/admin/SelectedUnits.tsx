import { Checkbox, Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';

import { getCorpusRunOptions } from '../api/client';
import type { SelectionStrategy } from '../api/types';
import { LoadStatus } from './LoadStatus';
import { useLoad } from './useLoad';

export interface SelectionValues {
  strategy: SelectionStrategy;
  runs: number[];
  /** Mix only: the weights of the two priorities, in percent. */
  disagreementPercent: number | string;
  uncertaintyPercent: number | string;
  /** The share drawn as if uniformly, in percent. */
  reservePercent: number | string;
  count: number | string;
}

export const INITIAL_SELECTION: SelectionValues = {
  strategy: 'disagreement',
  runs: [],
  disagreementPercent: 50,
  uncertaintyPercent: 50,
  reservePercent: 20,
  count: 20,
};

const STRATEGIES: { value: SelectionStrategy; label: string }[] = [
  { value: 'disagreement', label: 'Evaluators disagreeing with each other' },
  { value: 'uncertainty', label: 'Scores close to the threshold' },
  { value: 'mix', label: 'A stated mix of both' },
];

interface SelectedUnitsProps {
  slug: string;
  values: SelectionValues;
  onChange: (change: Partial<SelectionValues>) => void;
  error: (name: string) => string | undefined;
  seed: number | string;
  onSeed: (seed: number | string) => void;
}

/** Units chosen among the unannotated ones by what the project's corpus runs find hard, each
 * drawn with a recorded probability so the round's per-system rates can be weighted back to
 * the corpus (docs/models-in-the-loop.md, "Choosing what to annotate"). Linguists never see
 * the runs or the systems. */
export function SelectedUnits({ slug, values, onChange, error, seed, onSeed }: SelectedUnitsProps) {
  const runs = useLoad(`corpus-runs:${slug}`, (signal) => getCorpusRunOptions(slug, signal));
  const options = runs.state.status === 'ready' ? runs.state.data.runs : [];
  return (
    <Stack gap="sm">
      <Text size="sm">
        Drawn among units no annotation round has taken, stratified by summarizer, with a random reserve so every unit
        can be drawn. Each unit’s inclusion probability is recorded, and the round’s error rates per system are
        weighted back to the corpus.
      </Text>
      <LoadStatus state={runs.state} what="the corpus runs" onRetry={runs.reload} />
      {runs.state.status === 'ready' && options.length === 0 && (
        <Text size="sm">No corpus run has been uploaded for this project yet.</Text>
      )}
      {options.length > 0 && (
        <Checkbox.Group
          label="Corpus runs"
          description="Disagreement needs two runs or more; uncertainty a run with scores."
          value={values.runs.map(String)}
          onChange={(chosen) => onChange({ runs: chosen.map(Number) })}
          error={error('units.select.runs')}
        >
          <Stack gap={4} mt={6}>
            {options.map((run) => (
              <Checkbox
                key={run.id}
                value={String(run.id)}
                label={`${run.evaluator} ${run.version} (${run.has_scores ? 'scores' : 'labels'}, ${run.sentences} sentences)`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Group gap="md" align="flex-start">
        <NativeSelect
          label="Choose by"
          value={values.strategy}
          onChange={(event) => onChange({ strategy: event.currentTarget.value as SelectionStrategy })}
          data={STRATEGIES}
          error={error('units.select.strategy')}
        />
        <NumberInput
          label="Number of units"
          min={1}
          allowDecimal={false}
          value={values.count}
          onChange={(value) => onChange({ count: value })}
          error={error('units.select.count')}
        />
        <NumberInput
          label="Random reserve (%)"
          description="Drawn as if uniformly: 5 to 100 %."
          min={5}
          max={100}
          value={values.reservePercent}
          onChange={(value) => onChange({ reservePercent: value })}
          error={error('units.select.reserve')}
        />
        <NumberInput
          label="Seed"
          description="The same seed draws the same units."
          allowDecimal={false}
          value={seed}
          onChange={onSeed}
          error={error('units.seed')}
        />
      </Group>
      {values.strategy === 'mix' && (
        <Group gap="md" align="flex-start">
          <NumberInput
            label="Weight of disagreement (%)"
            min={0}
            max={100}
            value={values.disagreementPercent}
            onChange={(value) => onChange({ disagreementPercent: value })}
            error={error('units.select.weights')}
          />
          <NumberInput
            label="Weight of uncertainty (%)"
            min={0}
            max={100}
            value={values.uncertaintyPercent}
            onChange={(value) => onChange({ uncertaintyPercent: value })}
            error={error('units.select.weights.uncertainty')}
          />
        </Group>
      )}
    </Stack>
  );
}
