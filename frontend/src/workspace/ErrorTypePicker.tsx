import { MultiSelect, Pill, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

import type { ErrorType } from '../api/types';

interface ErrorTypePickerProps {
  label: string;
  types: readonly ErrorType[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  readOnly: boolean;
  error: string | undefined;
  required: boolean;
}

function sentenceToTop(fieldId: string) {
  const field = document.querySelector(`[data-error-types-field="${fieldId}"]`);
  const sentence = field?.closest('.sentence');
  // jsdom has no scrollIntoView; browsers do.
  sentence?.scrollIntoView?.({ block: 'start' });
}

/** Filters as you type; each option and each chosen chip shows the type's definition. */
export function ErrorTypePicker({ label, types, value, onChange, readOnly, error, required }: ErrorTypePickerProps) {
  const baseId = useId();
  const byId = new Map(types.map((type) => [String(type.id), type]));
  return (
    <MultiSelect
      label={label}
      placeholder={readOnly ? undefined : 'Type to filter, Enter to add'}
      data={types.map((type) => ({ value: String(type.id), label: type.name }))}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      // Typing highlights the first match, so Enter adds it without reaching for the arrows.
      selectFirstOptionOnChange
      hidePickedOptions
      readOnly={readOnly}
      error={error}
      withAsterisk={required}
      aria-required={required}
      aria-keyshortcuts="t"
      data-error-types-field={baseId}
      nothingFoundMessage="No error type matches"
      // Below the field, never flipped over the sentence being judged: the list shrinks to the
      // room below instead, and opening it first scrolls the sentence to the top of its pane
      // so that room is as large as it can be while the sentence stays in view. (A `size`
      // middleware alone capped the dropdown but not its 320 px list, which ran off a short
      // screen; "viewport" sizes the list itself.)
      comboboxProps={{
        withinPortal: true,
        position: 'bottom-start',
        middlewares: { flip: false, shift: false },
      }}
      floatingHeight="viewport"
      onDropdownOpen={() => sentenceToTop(baseId)}
      renderOption={({ option }) => (
        <div>
          <Text size="sm" fw={500}>
            {option.label}
          </Text>
          <Text size="xs" c="dimmed">
            {byId.get(option.value)?.definition}
          </Text>
        </div>
      )}
      renderPill={({ value: id, onRemove }) => {
        const type = byId.get(String(id));
        const name = type?.name ?? String(id);
        const definitionId = `${baseId}-${String(id)}`;
        // Mantine's own pill hides its remove button from assistive tech; this one names it.
        return (
          <>
            <Tooltip label={type?.definition ?? name} multiline w={320} events={{ hover: true, focus: true, touch: true }}>
              <Pill
                tabIndex={0}
                aria-describedby={definitionId}
                withRemoveButton={!readOnly}
                onRemove={onRemove}
                removeButtonProps={{
                  'aria-hidden': false,
                  tabIndex: 0,
                  'aria-label': `Remove ${name}`,
                  // In the field, Backspace removes the last type (Mantine's MultiSelect).
                  'aria-keyshortcuts': 'Backspace',
                }}
              >
                {name}
              </Pill>
            </Tooltip>
            <VisuallyHidden id={definitionId}>{type?.definition}</VisuallyHidden>
          </>
        );
      }}
    />
  );
}
