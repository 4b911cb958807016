import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';

import { saveTargets } from '../api/client';
import type { AgreementTargets } from '../api/types';
import { NO_ERRORS, fieldError, formErrors, type FormErrors } from './fieldErrors';
import { QUESTIONS, type QuestionNeeds } from './questions';

interface TargetsEditorProps {
  slug: string;
  targets: AgreementTargets;
  onSaved: (targets: AgreementTargets) => void;
  /** What the project's scheme asks beyond the labels: span questions show only then. */
  asks?: Readonly<Record<QuestionNeeds, boolean>>;
}

const ASKS_NOTHING_MORE: Readonly<Record<QuestionNeeds, boolean>> = { error_spans: false, evidence: false, completeness: false, atomic_facts: false };

type Values = Record<string, number | string>;

function toValues(targets: AgreementTargets): Values {
  return Object.fromEntries(QUESTIONS.map(({ key }) => [key, targets[key] ?? '']));
}

/** One number per agreement question; an empty box removes that question's target. */
export function TargetsEditor({ slug, targets, onSaved, asks = ASKS_NOTHING_MORE }: TargetsEditorProps) {
  const shown = QUESTIONS.filter((question) => question.needs === undefined || asks[question.needs]);
  const [values, setValues] = useState<Values>(() => toValues(targets));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    // The whole set is sent, so a cleared box (null) removes its target on the server.
    // A question not shown keeps its target (the server replaces the whole set).
    const body: AgreementTargets = Object.fromEntries(QUESTIONS.map(({ key }) => [key, targets[key] ?? null]));
    const invalid: Record<string, string> = {};
    for (const { key } of shown) {
      const raw = values[key];
      if (raw === '' || raw === undefined) body[key] = null;
      else if (typeof raw === 'number' && raw >= -1 && raw <= 1) body[key] = raw;
      else invalid[key] = 'Enter a number from −1 to 1, or leave it empty.';
    }
    if (Object.keys(invalid).length > 0) {
      setErrors({ fields: invalid, general: null });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const result = await saveTargets(slug, body);
      onSaved(result);
      setValues(toValues(result));
      setSaved(true);
    } catch (failure) {
      setErrors(formErrors(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Agreement targets">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The dashboard marks a question as met when its coefficient reaches the target. Leave a box empty for no
          target.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {shown.map(({ key, label }) => (
            <NumberInput
              key={key}
              label={`Target: ${label}`}
              min={-1}
              max={1}
              step={0.05}
              decimalScale={3}
              clampBehavior="none"
              value={values[key] ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
              error={fieldError(errors, key)}
            />
          ))}
        </SimpleGrid>
        {errors.general !== null && (
          <Alert color="red" title="The targets were not saved" role="alert">
            {errors.general}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy}>
            Save targets
          </Button>
          {saved && (
            <Text role="status" c="teal.8">
              Targets saved.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
