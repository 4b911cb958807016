import { Alert, Button, Checkbox, Group, List, NativeSelect, NumberInput, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { createRelease, savedWhileQueueDown } from '../api/client';
import type { ReleaseFormat, ReleaseStarted, RoundRef } from '../api/types';
import { NO_ERRORS, fieldError, formErrors, type FormErrors } from '../admin/fieldErrors';
import { kindLabel } from '../roundKinds';
import { formatLabel } from './format';
import { INITIAL_RELEASE_VALUES, buildReleaseBody, type NewReleaseValues, type SplitMethod } from './releaseBody';
import { isUnder, messagesWhere, missingUnits, withUnplacedErrors } from './releaseErrors';
import { SplitFileInput } from './SplitFileInput';

interface NewReleaseFormProps {
  slug: string;
  rounds: RoundRef[];
  formats: ReleaseFormat[];
  /** Called on 202, so the page refetches the list and follows the build. */
  onStarted: (started: ReleaseStarted, version: string) => void;
}

/** The body fields the form shows errors beside; anything else joins the general message. */
const PLACED = ['version', 'rounds', 'gold', 'mappings', 'split', 'formats', 'only_complete', 'drop_not_a_summary'];
const GOLD_RULE_CHOICES = [
  { value: 'majority', label: 'Majority vote (adjudicated first)' },
  { value: 'posterior_mode', label: 'Posterior mode: weighted by annotator competence (adjudicated first)' },
];

/** Subfields of the split shown beside their own input, per method. */
const SPLIT_FIELDS: Record<SplitMethod, string[]> = {
  document: ['split.dev', 'split.seed'],
  corpus: [],
  file: ['split.documents'],
};

/** A round as the form lists it: its kind and state in words. The adjudication round is
 * always open by design and never "open" here: it holds the admins' gold values. */
function roundChoiceLabel(round: RoundRef): string {
  if (round.kind === 'adjudication') return `${round.name} (adjudication: the admins’ gold values)`;
  return `${round.name} (${kindLabel(round.kind).toLowerCase()}, ${round.status})`;
}

/** Starts a release build: which labels, how they are mapped and split, and in which formats. */
export function NewReleaseForm({ slug, rounds, formats, onStarted }: NewReleaseFormProps) {
  const [values, setValues] = useState<NewReleaseValues>(INITIAL_RELEASE_VALUES);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [missing, setMissing] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  // Rounds still open: their labels can change after the release (the manifest records them).
  // Not the adjudication round: it is open by design, and its gold is what a release takes.
  const openChosen = rounds.filter(
    (round) => round.status === 'open' && round.kind !== 'adjudication' && values.rounds.includes(String(round.id)),
  );

  function set<K extends keyof NewReleaseValues>(key: K, value: NewReleaseValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMissing([]);
    const built = buildReleaseBody(values, { roundOrder: rounds.map((round) => round.id), formatOrder: formats });
    if ('errors' in built) {
      setErrors({ fields: built.errors, general: null });
      return;
    }
    if (openChosen.length > 0 && !values.acceptOpenRounds) {
      setErrors({
        fields: { accept_open_rounds: 'Confirm that this release may hold labels that still change, or leave those rounds out.' },
        general: null,
      });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const answer = await createRelease(slug, built.body);
      onStarted(answer, built.body.version);
      // A version names one release; clearing it avoids starting the same one twice.
      set('version', '');
    } catch (failure) {
      // 503 queue_unavailable: the release is saved and builds when the queue is back; its
      // card says so and offers Cancel.
      const saved = savedWhileQueueDown(failure);
      if (saved?.release !== undefined) {
        onStarted({ release: saved.release }, built.body.version);
        set('version', '');
        return;
      }
      setErrors(withUnplacedErrors(formErrors(failure), PLACED));
      setMissing(missingUnits(failure));
    } finally {
      setBusy(false);
    }
  }

  const error = (...names: string[]) => fieldError(errors, ...names);
  const splitFields = SPLIT_FIELDS[values.splitMethod];
  // Split errors without a visible input of their own (`split`, `split.method`, …) show on the group.
  const splitError = messagesWhere(errors, (key) => isUnder(key, 'split') && !splitFields.some((name) => isUnder(key, name)));

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New release">
      <Stack gap="md" maw={720}>
        <TextInput
          label="Version"
          description="A semantic version, MAJOR.MINOR.PATCH; a published version cannot be reused."
          placeholder="1.0.0"
          required
          value={values.version}
          onChange={(event) => set('version', event.currentTarget.value)}
          error={error('version')}
        />

        <Checkbox.Group
          label="Rounds"
          description={rounds.length === 0 ? 'The project has no rounds yet.' : 'The labels of these rounds go into the release.'}
          required
          value={values.rounds}
          onChange={(selected) => set('rounds', selected)}
          error={error('rounds')}
        >
          <Stack gap={6} mt={6}>
            {rounds.map((round) => (
              <Checkbox
                key={round.id}
                value={String(round.id)}
                label={roundChoiceLabel(round)}
              />
            ))}
          </Stack>
        </Checkbox.Group>

        {openChosen.length > 0 && (
          <Alert color="yellow" title="Releasing from open rounds" role="region">
            <Stack gap="xs">
              <Text size="sm">
                {openChosen.map((round) => round.name).join(', ')} {openChosen.length === 1 ? 'is' : 'are'} still open:
                linguists can change their labels after this release is built. The manifest and the dataset card record
                that these rounds were open.
              </Text>
              <Checkbox
                label="Release them anyway"
                checked={values.acceptOpenRounds}
                onChange={(event) => set('acceptOpenRounds', event.currentTarget.checked)}
                error={error('accept_open_rounds')}
              />
            </Stack>
          </Alert>
        )}

        <NativeSelect
          label="Gold labels"
          description={
            values.gold === 'majority'
              ? "Adjudicated and confirmed review decisions first, then the annotators' majority; a tie counts as inconsistent and is flagged."
              : 'Adjudicated and confirmed review decisions first, then the most probable label given how often each annotator is right (Dawid–Skene), so a careful annotator outweighs a careless one.'
          }
          data={GOLD_RULE_CHOICES}
          value={values.gold}
          onChange={(event) => set('gold', event.currentTarget.value === 'posterior_mode' ? 'posterior_mode' : 'majority')}
          error={error('gold')}
        />

        <Checkbox.Group
          label="Mappings"
          description="Applied when exporting; the stored labels do not change."
          value={[...(values.mergeMarginal ? ['topic_category'] : []), ...(values.binaryRelevance ? ['relevance'] : [])]}
          onChange={(selected) => {
            set('mergeMarginal', selected.includes('topic_category'));
            set('binaryRelevance', selected.includes('relevance'));
          }}
          error={error('mappings')}
        >
          <Stack gap={6} mt={6}>
            <Checkbox value="topic_category" label="Merge marginal and irrelevant topics" />
            <Checkbox value="relevance" label="Binary relevance ({1,2} → 0, {3,4,5} → 1)" />
          </Stack>
        </Checkbox.Group>

        <Radio.Group
          label="Split"
          value={values.splitMethod}
          onChange={(method) => set('splitMethod', method as SplitMethod)}
          error={splitError}
        >
          <Stack gap={6} mt={6}>
            <Radio value="document" label="By document" />
            <Radio value="corpus" label="Each document's own split" />
            <Radio value="file" label="From a file" />
          </Stack>
        </Radio.Group>

        {values.splitMethod === 'document' && (
          <Group gap="md" align="flex-start">
            <NumberInput
              label="Dev share"
              description="Share of documents in dev; the rest is test."
              min={0}
              max={1}
              step={0.05}
              decimalScale={3}
              value={values.devShare}
              onChange={(value) => set('devShare', value)}
              error={error('split.dev')}
            />
            <NumberInput
              label="Seed"
              description="The same seed gives the same split."
              allowDecimal={false}
              value={values.seed}
              onChange={(value) => set('seed', value)}
              error={error('split.seed')}
            />
          </Group>
        )}
        {values.splitMethod === 'file' && (
          <Stack gap="xs">
            <Textarea
              label="Split file (JSON)"
              description='Document ids per split: {"dev": ["doc-1", …], "test": ["doc-2", …]}.'
              placeholder='{"dev": ["doc-1"], "test": ["doc-2"]}'
              autosize
              minRows={4}
              maxRows={14}
              value={values.splitFile}
              onChange={(event) => set('splitFile', event.currentTarget.value)}
              error={error('split.documents')}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <SplitFileInput onLoaded={(text) => set('splitFile', text)} />
          </Stack>
        )}

        <Checkbox.Group
          label="Formats"
          required
          value={values.formats}
          onChange={(selected) => set('formats', selected)}
          error={error('formats')}
        >
          <Group gap="md" mt={6}>
            {formats.map((format) => (
              <Checkbox key={format} value={format} label={formatLabel(format)} />
            ))}
          </Group>
        </Checkbox.Group>

        <Checkbox
          label="Only complete units"
          description="Leave out units without labels in the chosen rounds (the manifest lists them). Otherwise such units stop the build."
          checked={values.onlyComplete}
          onChange={(event) => set('onlyComplete', event.currentTarget.checked)}
          error={error('only_complete')}
        />

        <Checkbox
          label="Leave out outputs that are not a summary"
          description="Summaries whose gold label says they are not a summary at all are in no file (TofuEval removed 23); the manifest counts them."
          checked={values.dropNotASummary}
          onChange={(event) => set('dropNotASummary', event.currentTarget.checked)}
          error={error('drop_not_a_summary')}
        />

        {errors.general !== null && (
          <Alert color="red" title="The release was not started" role="alert">
            {errors.general}
          </Alert>
        )}
        {missing.length > 0 && <MissingUnits units={missing} />}
        <Group>
          <Button type="submit" loading={busy}>
            Build release
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The units with no labels in the chosen rounds (a 400 when "Only complete units" is off). */
function MissingUnits({ units }: { units: string[] }) {
  const label = `Units without labels (${units.length})`;
  return (
    // A region, not a second alert: the alert above already announces the failure.
    <Alert color="orange" title={label} role="region">
      <Text size="sm" mb="xs">
        Label them, or tick “Only complete units” to leave them out of the release.
      </Text>
      <List size="sm" spacing={2} aria-label={label} style={{ maxHeight: '14rem', overflow: 'auto' }}>
        {units.map((unit, index) => (
          <List.Item key={index}>{unit}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
