import { Kbd, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
  description?: string | undefined;
  /** The digit that picks it while the group has focus (shown beside it; the workspace's
   * keyboard model in keyboard.ts reads the key, so a pending `c` or `r` can take it first). */
  digit: string;
}

interface ChoiceGroupProps<V extends string | number> {
  label: string;
  description?: string | undefined;
  choices: readonly Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
  readOnly: boolean;
  error?: string | undefined;
  /** Choices side by side (short labels), instead of one per line. */
  inline?: boolean;
}

/**
 * A radio group whose arrow keys only move focus: a choice is made by Space, Enter, its digit
 * or a click, never by passing over it. (A native radio group selects — and here would save —
 * every value the arrows pass.) Read-only, the chosen answer still looks chosen. When the
 * answer changes while focus is in the group (its digit was pressed), focus moves to it.
 */
export function ChoiceGroup<V extends string | number>({
  label,
  description,
  choices,
  value,
  onChange,
  readOnly,
  error,
  inline = false,
}: ChoiceGroupProps<V>) {
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = choices.findIndex((choice) => choice.value === value);
  const [focusable, setFocusable] = useState(Math.max(chosen, 0));
  const tabStop = chosen >= 0 ? chosen : focusable;

  useEffect(() => {
    const active = document.activeElement;
    const inGroup = buttons.current.some((button) => button === active);
    if (inGroup && chosen >= 0) buttons.current[chosen]?.focus();
  }, [chosen]);

  function choose(index: number) {
    const choice = choices[index];
    if (choice === undefined || readOnly) return;
    setFocusable(index);
    if (choice.value !== value) onChange(choice.value);
  }

  function move(from: number, step: number) {
    const next = (from + step + choices.length) % choices.length;
    setFocusable(next);
    buttons.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowRight') move(index, 1);
    else if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') move(index, -1);
    else if (event.key === 'Home') move(0, 0);
    else if (event.key === 'End') move(choices.length - 1, 0);
    else return;
    // Ours: the workspace's own shortcuts do not see it (and the pane does not scroll).
    event.preventDefault();
  }

  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={[description ? descriptionId : '', error ? errorId : ''].join(' ').trim() || undefined}
      aria-readonly={readOnly || undefined}
      aria-invalid={error ? true : undefined}
      className="choice-group"
    >
      <Text id={labelId} fw={500} size="sm">
        {label}
      </Text>
      {description && (
        <Text id={descriptionId} size="xs" c="dimmed">
          {description}
        </Text>
      )}
      <div className="choice-group__options" data-inline={inline || undefined}>
        {choices.map((choice, index) => {
          const checked = index === chosen;
          const choiceId = `${labelId}-${index}`;
          return (
            <button
              key={String(choice.value)}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-labelledby={`${choiceId}-label`}
              aria-describedby={choice.description ? `${choiceId}-description` : undefined}
              aria-disabled={readOnly || undefined}
              aria-keyshortcuts={choice.digit}
              tabIndex={index === tabStop ? 0 : -1}
              className="choice"
              data-checked={checked || undefined}
              data-readonly={readOnly || undefined}
              onClick={() => choose(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span className="choice__mark" aria-hidden="true" />
              <span className="choice__text">
                <span className="choice__label" id={`${choiceId}-label`}>
                  {choice.label}
                </span>
                {choice.description && (
                  <span className="choice__description" id={`${choiceId}-description`}>
                    {choice.description}
                  </span>
                )}
              </span>
              <Kbd size="xs" className="choice__key" aria-hidden="true">
                {choice.digit}
              </Kbd>
            </button>
          );
        })}
      </div>
      {error && (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
