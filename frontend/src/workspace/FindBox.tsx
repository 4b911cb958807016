import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';

interface FindBoxProps {
  query: string;
  onQueryChange: (query: string) => void;
  current: number;
  total: number;
  onStep: (direction: 1 | -1) => void;
}

/** Enter / Shift+Enter step through the matches, like a browser's find bar. */
export function FindBox({ query, onQueryChange, current, total, onStep }: FindBoxProps) {
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onStep(event.shiftKey ? -1 : 1);
  }
  const counter = query.trim() === '' ? '' : total === 0 ? 'No matches' : `${current + 1} of ${total}`;

  return (
    <Group gap={6} wrap="nowrap">
      <TextInput
        type="search"
        aria-label="Find in dialogue"
        aria-keyshortcuts="/"
        data-find-input
        placeholder="Find… ( / )"
        size="xs"
        value={query}
        onChange={(event) => onQueryChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <Text size="xs" c="dimmed" aria-live="polite" className="find-counter">
        {counter}
      </Text>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label="Previous match"
        aria-keyshortcuts="Shift+Enter"
        disabled={total === 0}
        onClick={() => onStep(-1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label="Next match"
        aria-keyshortcuts="Enter"
        disabled={total === 0}
        onClick={() => onStep(1)}
      >
        ↓
      </ActionIcon>
    </Group>
  );
}
