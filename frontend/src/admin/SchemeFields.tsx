import { Checkbox, Fieldset, Group, Radio, SimpleGrid, Stack } from '@mantine/core';

import type { SchemeSwitch } from '../api/types';
import {
  blockedBy,
  levelOf,
  schemeControls,
  withLevel,
  withSwitch,
  type Level,
  type SchemeValues,
} from './schemeControls';

interface SchemeFieldsProps {
  switches: readonly SchemeSwitch[];
  value: SchemeValues;
  onChange: (scheme: SchemeValues) => void;
  /** The server's message for a field (`scheme.evidence`), if any. */
  errorFor: (...fields: string[]) => string | undefined;
}

const LEVELS: ReadonlyArray<{ value: Level; label: string }> = [
  { value: 'off', label: 'Off' },
  { value: 'optional', label: 'Optional' },
  { value: 'required', label: 'Required' },
];

function isLevel(value: string): value is Level {
  return LEVELS.some((level) => level.value === value);
}

/** What the chosen level means, in words: nothing is required while the question is off. */
function levelNote(level: Level, requireLabel: string): string {
  if (level === 'required') return `Required: ${requireLabel.toLowerCase()}.`;
  if (level === 'optional') return 'Asked, but a linguist may leave it out.';
  return 'Not asked.';
}

/**
 * The questions the project asks: a checkbox each, and off / optional / required for those
 * that can be required (error spans, evidence). A question that needs another is disabled
 * until that one is asked.
 */
export function SchemeFields({ switches, value, onChange, errorFor }: SchemeFieldsProps) {
  const controls = schemeControls(switches);
  const blockNote = (question: SchemeSwitch) => {
    const blocker = blockedBy(value, switches, question);
    return blocker === null ? null : `Needs “${blocker.label}” first.`;
  };

  return (
    <Fieldset legend="Questions asked" variant="unstyled">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {controls.flatMap((control) =>
            control.kind !== 'switch'
              ? []
              : [
                  <Checkbox
                    key={control.question.key}
                    label={control.question.label}
                    description={blockNote(control.question)}
                    disabled={blockNote(control.question) !== null}
                    checked={value[control.question.key] === true}
                    onChange={(event) => onChange(withSwitch(value, switches, control.question.key, event.currentTarget.checked))}
                    error={errorFor(`scheme.${control.question.key}`)}
                  />,
                ],
          )}
        </SimpleGrid>
        {controls.flatMap((control) =>
          control.kind !== 'level'
            ? []
            : [
                <Radio.Group
                  key={control.question.key}
                  label={control.question.label}
                  description={blockNote(control.question) ?? levelNote(levelOf(value, control), control.require.label)}
                  disabled={blockNote(control.question) !== null}
                  value={levelOf(value, control)}
                  onChange={(level) => {
                    if (isLevel(level)) onChange(withLevel(value, switches, control, level));
                  }}
                  error={errorFor(`scheme.${control.question.key}`, `scheme.${control.require.key}`)}
                >
                  <Group gap="lg" mt={6}>
                    {LEVELS.map((level) => (
                      <Radio key={level.value} value={level.value} label={level.label} />
                    ))}
                  </Group>
                </Radio.Group>,
              ],
        )}
      </Stack>
    </Fieldset>
  );
}
