import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { createRound } from '../api/client';
import type { AdminProject, AdminRound } from '../api/types';
import { NO_ERRORS, fieldError, formErrors, type FormErrors } from './fieldErrors';
import { buildNewRoundBody, type NewRoundValues } from './newRoundBody';
import { ANNOTATION_ROUND_KINDS, ITEM_ROUND_KINDS, ROUND_KINDS, kindLabel } from './questions';
import { AssistanceChoice } from './AssistanceChoice';
import { ExplanationSources } from './ExplanationSources';
import { HardestUnits } from './HardestUnits';
import { INITIAL_SELECTION, SelectedUnits } from './SelectedUnits';
import { UnitPicker } from './UnitPicker';

interface NewRoundFormProps {
  project: AdminProject;
  onCreated: (round: AdminRound) => void;
}

function initialValues(project: AdminProject): NewRoundValues {
  const latest = Math.max(0, ...project.guidelines.map((guideline) => guideline.version));
  return {
    name: '',
    kind: 'pilot',
    overlap: 2,
    guidelineVersion: latest > 0 ? String(latest) : '',
    annotators: [],
    unitsMode: 'sample',
    hardRelease: '',
    hardBy: 'against_gold',
    hardCount: 20,
    selection: INITIAL_SELECTION,
    sample: '',
    seed: 1,
    includeBusy: false,
    evidenceHints: true,
    topics: [],
    keyFactSource: '',
    givenAtomicFacts: false,
    sourceRounds: [],
    reviewScope: 'any',
    typeMinCount: 2,
    goldPercent: 0,
    pausePercent: '',
    explanationRelease: '',
    evaluators: [],
    assistRun: '',
    assistPercent: 50,
  };
}

/** Error typing asks each sentence of at least this many annotators (services/item_rounds.py). */
export const MIN_TYPING_ANNOTATORS = 3;
/** A pause needs at least this many scored gold units (services/gold_units.py). */
export const MIN_SCORED_GOLD_UNITS = 3;

/** The members a round of `kind` is given to: reviewers for a review round, else linguists. */
function peopleRole(kind: NewRoundValues['kind']): 'reviewer' | 'annotator' {
  return kind === 'review' ? 'reviewer' : 'annotator';
}

/** Creates a round in `draft`: the server assigns every unit to `overlap` annotators. */
export function NewRoundForm({ project, onCreated }: NewRoundFormProps) {
  const [values, setValues] = useState<NewRoundValues>(() => initialValues(project));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  // The chosen units with how they read; the body sends their ids only.
  const [chosenUnits, setChosenUnits] = useState<Map<number, string>>(new Map());
  const items = ITEM_ROUND_KINDS.has(values.kind);
  // A review round's people are the reviewers; every other round's, the linguists.
  const role = peopleRole(values.kind);
  const annotators = project.members.filter((member) => member.roles.includes(role));
  // Why a round of this kind cannot be created in this project yet, said before submit.
  const blocked = cannotCreate(values, annotators.length, project);
  const sources = project.rounds.filter((round) => ANNOTATION_ROUND_KINDS.has(round.kind));
  const versions = [...project.guidelines].sort((a, b) => b.version - a.version);

  function set<K extends keyof NewRoundValues>(key: K, value: NewRoundValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setCreated(null);
    const built = buildNewRoundBody(values);
    if ('errors' in built) {
      setErrors({ fields: built.errors, general: null });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const round = await createRound(project.slug, built.body);
      onCreated(round);
      const skipped =
        round.skipped !== undefined && round.skipped > 0
          ? ` The sample left out ${round.skipped} unit${round.skipped === 1 ? '' : 's'} already in another ${kindLabel(values.kind).toLowerCase()} round that is not closed.`
          : '';
      setCreated(`Round “${round.name}” was created as a draft. Open it when you are ready.${skipped}`);
      // A fresh form for the next round: nothing of this one's people or units is carried over.
      setValues(initialValues(project));
      setChosenUnits(new Map());
    } catch (failure) {
      setErrors(formErrors(failure));
    } finally {
      setBusy(false);
    }
  }

  const error = (...names: string[]) => fieldError(errors, ...names);
  const unitsError = errors.fields.units;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New round">
      <Stack gap="md" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Round name"
            required
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={error('name')}
          />
          <NativeSelect
            label="Kind"
            data={[...ROUND_KINDS]}
            value={values.kind}
            onChange={(event) => {
              const chosen = ROUND_KINDS.find((option) => option.value === event.currentTarget.value);
              if (chosen === undefined) return;
              // People this kind does not offer (linguists for a review round) are dropped:
              // the form never sends someone it no longer shows.
              const shown = new Set(
                project.members.filter((member) => member.roles.includes(peopleRole(chosen.value))).map((m) => m.username),
              );
              setValues((current) => ({
                ...current,
                kind: chosen.value,
                annotators: current.annotators.filter((name) => shown.has(name)),
                // Error typing starts at its minimum of three; leaving it, back to the default.
                overlap:
                  chosen.value === 'error_typing' && typeof current.overlap === 'number' && current.overlap < MIN_TYPING_ANNOTATORS
                    ? MIN_TYPING_ANNOTATORS
                    : current.kind === 'error_typing' && current.overlap === MIN_TYPING_ANNOTATORS
                      ? initialValues(project).overlap
                      : current.overlap,
              }));
            }}
            error={error('kind')}
          />
          <NumberInput
            label="Overlap (annotators per unit)"
            min={1}
            allowDecimal={false}
            value={values.overlap}
            onChange={(value) => set('overlap', value)}
            error={error('overlap')}
          />
          <NativeSelect
            label="Guideline version"
            data={
              versions.length === 0
                ? [{ value: '', label: 'No published version' }]
                : versions.map((guideline) => ({ value: String(guideline.version), label: `v${guideline.version}` }))
            }
            value={values.guidelineVersion}
            onChange={(event) => set('guidelineVersion', event.currentTarget.value)}
            error={error('guideline_version')}
          />
        </SimpleGrid>

        <Checkbox.Group
          label={role === 'reviewer' ? 'Reviewers' : 'Annotators'}
          description={
            annotators.length === 0
              ? role === 'reviewer'
                ? 'The project has no reviewers yet.'
                : 'The project has no linguists yet.'
              : role === 'reviewer'
                ? 'Each unit goes to one reviewer and one second reviewer, neither of them its annotators.'
                : undefined
          }
          value={values.annotators}
          onChange={(selected) => set('annotators', selected)}
          error={error('annotators')}
        >
          <Group gap="md" mt={6}>
            {annotators.map((member) => (
              <Checkbox
                key={member.username}
                value={member.username}
                label={member.display_name ? `${member.display_name} (${member.username})` : member.username}
              />
            ))}
          </Group>
        </Checkbox.Group>

        {items && (
          <Checkbox.Group
            label="Source rounds"
            description={
              values.kind === 'review'
                ? 'The rounds whose inconsistent labels are reviewed.'
                : 'The rounds whose gold-inconsistent sentences are typed.'
            }
            value={values.sourceRounds.map(String)}
            onChange={(selected) => set('sourceRounds', selected.map(Number))}
            error={error('source_rounds')}
          >
            <Group gap="md" mt={6}>
              {sources.map((round) => (
                <Checkbox key={round.id} value={String(round.id)} label={`${round.name} (${kindLabel(round.kind).toLowerCase()}, ${round.status})`} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        {values.kind === 'review' && (
          <Radio.Group
            label="Which sentences"
            value={values.reviewScope}
            onChange={(scope) => set('reviewScope', scope === 'gold' ? 'gold' : 'any')}
            error={error('review_scope')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="any" label="Labelled inconsistent by anyone" />
              <Radio value="gold" label="Inconsistent by the gold rule" />
            </Group>
          </Radio.Group>
        )}
        {values.kind === 'explanation' && (
          <ExplanationSources
            slug={project.slug}
            release={values.explanationRelease}
            evaluators={values.evaluators}
            onChange={(change) => {
              if (change.release !== undefined) set('explanationRelease', change.release);
              if (change.evaluators !== undefined) set('evaluators', change.evaluators);
            }}
            errors={{ release: error('release'), evaluators: error('evaluators') }}
          />
        )}
        {values.kind === 'error_typing' && (
          <NumberInput
            label="Annotators who must choose a type for it to count"
            description="2: more than one annotator, as AggreFact."
            min={1}
            allowDecimal={false}
            value={values.typeMinCount}
            onChange={(value) => set('typeMinCount', value)}
            error={error('type_min_count')}
            maw={320}
          />
        )}
        {values.kind === 'production' && (
          <Group gap="md" align="flex-start">
            <NumberInput
              label="Gold units (%)"
              description="Units with an answer key, mixed in unseen."
              min={0}
              max={50}
              value={values.goldPercent}
              onChange={(value) => set('goldPercent', value)}
              error={error('gold_rate')}
            />
            <NumberInput
              label="Pause below (% accuracy on gold units)"
              description="Empty: never pause."
              min={0}
              max={100}
              value={values.pausePercent}
              onChange={(value) => set('pausePercent', value)}
              error={error('pause_below')}
            />
          </Group>
        )}

        {!items && values.kind !== 'explanation' && (
          <>
            <Radio.Group
              label="Units"
              value={values.unitsMode}
              onChange={(mode) =>
                set('unitsMode', mode === 'topics' || mode === 'hardest' || mode === 'select' ? mode : 'sample')
              }
              error={unitsError}
            >
              <Group gap="lg" mt={6}>
                <Radio value="sample" label="Random sample" />
                <Radio value="topics" label="Choose units" />
                <Radio value="hardest" label="Hardest for evaluators" />
                <Radio value="select" label="Chosen by corpus runs (weighted)" />
              </Group>
            </Radio.Group>

            {values.unitsMode === 'hardest' ? (
              <HardestUnits
                slug={project.slug}
                release={values.hardRelease}
                by={values.hardBy}
                count={values.hardCount}
                onChange={(change) => {
                  if (change.release !== undefined) set('hardRelease', change.release);
                  if (change.by !== undefined) set('hardBy', change.by);
                  if (change.count !== undefined) set('hardCount', change.count);
                }}
                errors={{ release: error('units.hardest.release'), count: error('units.hardest.count'), by: error('units.hardest.by') }}
              />
            ) : values.unitsMode === 'select' ? (
              <SelectedUnits
                slug={project.slug}
                values={values.selection}
                onChange={(change) => set('selection', { ...values.selection, ...change })}
                error={(name) => error(name)}
                seed={values.seed}
                onSeed={(seed) => set('seed', seed)}
              />
            ) : values.unitsMode === 'sample' ? (
              <Group gap="md" align="flex-start">
                <NumberInput
                  label="Number of units to sample"
                  min={1}
                  allowDecimal={false}
                  value={values.sample}
                  onChange={(value) => set('sample', value)}
                  error={error('units.sample', 'sample')}
                />
                <NumberInput
                  label="Seed"
                  description="The same seed draws the same sample."
                  allowDecimal={false}
                  value={values.seed}
                  onChange={(value) => set('seed', value)}
                  error={error('units.seed', 'seed')}
                />
                <Checkbox
                  mt="xl"
                  label="Also sample units in another open round of this kind"
                  description="Left out by default, so no unit is annotated twice in parallel."
                  checked={values.includeBusy}
                  onChange={(event) => set('includeBusy', event.currentTarget.checked)}
                />
              </Group>
            ) : (
              <UnitPicker
                slug={project.slug}
                chosen={chosenUnits}
                onChange={(next) => {
                  setChosenUnits(next);
                  set('topics', [...next.keys()]);
                }}
                error={error('units.topics', 'topics')}
              />
            )}
          </>
        )}

        {project.scheme.error_spans === true && (
          <Checkbox
            label="Show evidence hints"
            description="While linking evidence, mark the dialogue turns that share the sentence's words. Turn off for an unassisted round, to compare."
            checked={values.evidenceHints}
            onChange={(event) => set('evidenceHints', event.currentTarget.checked)}
          />
        )}

        {!items && values.kind !== 'explanation' && (
          <AssistanceChoice
            slug={project.slug}
            run={values.assistRun}
            percent={values.assistPercent}
            onRun={(run) => set('assistRun', run)}
            onPercent={(percent) => set('assistPercent', percent)}
            error={error}
          />
        )}

        {project.scheme.completeness === true && (
          <KeyFactSourceChoice
            sources={project.key_fact_sources ?? []}
            value={values.keyFactSource}
            onChange={(source) => set('keyFactSource', source)}
            error={error('key_fact_source')}
          />
        )}

        {project.scheme.atomic_facts === true && (
          <Checkbox
            label="Atomic facts are given (verify only)"
            description={
              (project.given_atomic_facts ?? 0) > 0
                ? `Linguists verify each summary's given atomic facts (${project.given_atomic_facts} summaries have them) instead of writing their own.`
                : 'No summary of this project has given atomic facts yet: import them first (e.g. a reference summary’s ACUs).'
            }
            checked={values.givenAtomicFacts}
            disabled={(project.given_atomic_facts ?? 0) === 0 && !values.givenAtomicFacts}
            onChange={(event) => set('givenAtomicFacts', event.currentTarget.checked)}
            error={error('given_atomic_facts')}
          />
        )}

        {blocked !== null && (
          <Alert color="orange" title={blocked.title}>
            {blocked.text}
          </Alert>
        )}
        {errors.general !== null && (
          <Alert color="red" title="The round was not created" role="alert">
            {errors.general}
          </Alert>
        )}
        {created !== null && (
          <Text role="status" c="teal.8">
            {created}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={busy} disabled={blocked?.blocks === true}>
            Create round
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface Blocked {
  title: string;
  text: string;
  /** Nothing the form can change makes it succeed: the button is disabled. */
  blocks: boolean;
}

/** Why the round cannot succeed as the form stands, and what to do, or null. */
function cannotCreate(values: NewRoundValues, people: number, project: AdminProject): Blocked | null {
  if (values.kind === 'error_typing') {
    if (people < MIN_TYPING_ANNOTATORS) {
      return {
        title: `Error typing needs ${MIN_TYPING_ANNOTATORS} annotators`,
        text: `Each sentence is typed by at least ${MIN_TYPING_ANNOTATORS} annotators (Fleiss’ kappa); this project has ${people}. Add linguists to the project first.`,
        blocks: true,
      };
    }
    if (values.annotators.length < MIN_TYPING_ANNOTATORS) {
      return {
        title: `Choose at least ${MIN_TYPING_ANNOTATORS} annotators`,
        text: `Error typing gives each sentence to ${MIN_TYPING_ANNOTATORS} or more annotators: ${values.annotators.length} chosen so far.`,
        blocks: false,
      };
    }
  }
  if (values.kind === 'review' && people < 2) {
    return {
      title: 'A review round needs two reviewers',
      text: `Every decision has a second reviewer; this project has ${people} reviewer${people === 1 ? '' : 's'}. Add reviewers to the project first.`,
      blocks: true,
    };
  }
  if (values.kind === 'production' && values.pausePercent !== '') {
    const keyed = project.keyed_units ?? 0;
    if (keyed < MIN_SCORED_GOLD_UNITS) {
      return {
        title: `A pause needs ${MIN_SCORED_GOLD_UNITS} scored gold units`,
        text: `Nobody is paused before ${MIN_SCORED_GOLD_UNITS} of their gold units are scored, and gold units are units with an answer key: ${keyed} so far. Adjudicate more units first, or leave the pause empty.`,
        blocks: true,
      };
    }
  }
  return null;
}

interface KeyFactSourceChoiceProps {
  sources: readonly string[];
  value: string;
  onChange: (source: string) => void;
  error: string | undefined;
}

/** Where the round's key facts come from: each linguist writes their own list (TofuEval's
 * Task 2), or a given list is aligned (FineSurE). Agreement on alignments needs the latter. */
function KeyFactSourceChoice({ sources, value, onChange, error }: KeyFactSourceChoiceProps) {
  return (
    <Radio.Group
      label="Key facts"
      description="Alignment agreement is only defined with a given list: with written lists each linguist aligns their own facts, so the round reports agreement on list length and completeness instead."
      value={value}
      onChange={onChange}
      error={error}
    >
      <Stack gap={6} mt={6}>
        <Radio value="" label="Written by each linguist" />
        {sources.map((source) => (
          <Radio key={source} value={source} label={`Given list: ${source}`} />
        ))}
        {sources.length === 0 && (
          <Text size="xs" c="dimmed">
            No given key-fact list has been imported for this project’s units.
          </Text>
        )}
      </Stack>
    </Radio.Group>
  );
}
