import { Button, Group } from '@mantine/core';

import { KeyHint } from '../components/KeyHint';

export interface KeyedChoice<V extends string> {
  value: V;
  label: string;
  /** The key that gives it (shown on the button, and in `aria-keyshortcuts`). */
  key: string;
}

interface ChoiceButtonsProps<V extends string> {
  /** The group's name: "Decision on Summary B, sentence 2". */
  label: string;
  /** "Summary B, sentence 2": each button is named with it, as the workspace's label toggles. */
  itemName: string;
  choices: readonly KeyedChoice<V>[];
  value: V | '';
  onChoose: (value: V) => void;
  readOnly: boolean;
}

/**
 * One choice of a few, as pressed buttons with their key (the workspace's label toggles):
 * read-only rather than disabled when it may not change, so the choice made stays readable.
 */
export function ChoiceButtons<V extends string>({ label, itemName, choices, value, onChoose, readOnly }: ChoiceButtonsProps<V>) {
  return (
    <Group gap="xs" mt={6} role="group" aria-label={label}>
      {choices.map((choice) => (
        <Button
          key={choice.value}
          size="compact-sm"
          variant={value === choice.value ? 'filled' : 'default'}
          aria-pressed={value === choice.value}
          aria-label={`${itemName}: ${choice.label}`}
          aria-keyshortcuts={choice.key}
          aria-disabled={readOnly || undefined}
          data-readonly={readOnly || undefined}
          className="label-toggle"
          onClick={() => {
            if (!readOnly) onChoose(choice.value);
          }}
          rightSection={<KeyHint keys={choice.key} />}
        >
          {choice.label}
        </Button>
      ))}
    </Group>
  );
}
