import { Group, Text, Title } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';

import type { Turn } from '../api/types';
import { FindBox } from './FindBox';
import { findMatches } from './findMatches';
import { TurnView } from './TurnView';

interface DialoguePaneProps {
  title: string;
  turns: readonly Turn[];
  /** Positions of the turns hinted for the sentence being judged (evidence hints). */
  hinted?: readonly number[];
}

/** The dialogue, scrolling on its own, with find-in-dialogue. */
const NO_HINTS: readonly number[] = [];

export function DialoguePane({ title, turns, hinted = NO_HINTS }: DialoguePaneProps) {
  const headingId = useId();
  const paneRef = useRef<HTMLElement>(null);
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const ordered = useMemo(() => [...turns].sort((a, b) => a.position - b.position), [turns]);
  const matches = useMemo(() => findMatches(ordered.map((turn) => turn.text), query), [ordered, query]);

  useEffect(() => {
    paneRef.current?.querySelector('[data-current-match]')?.scrollIntoView?.({ block: 'center' });
  }, [current, matches]);

  function changeQuery(next: string) {
    setQuery(next);
    setCurrent(0);
  }

  function step(direction: 1 | -1) {
    if (matches.length === 0) return;
    setCurrent((index) => (index + direction + matches.length) % matches.length);
  }

  return (
    <section className="workspace-pane workspace-pane--dialogue" aria-labelledby={headingId} ref={paneRef}>
      <Group justify="space-between" wrap="wrap" gap="xs" className="pane-head">
        <div>
          <Title order={2} id={headingId} className="pane-title">
            Dialogue
          </Title>
          <Text size="sm" c="dimmed">
            {title}
          </Text>
        </div>
        <FindBox
          query={query}
          onQueryChange={changeQuery}
          current={current}
          total={matches.length}
          onStep={step}
        />
      </Group>
      <ol className="dialogue plain-list">
        {ordered.map((turn, index) => (
          <TurnView
            key={turn.id}
            turn={turn}
            index={index}
            matches={matches}
            currentMatch={current}
            hinted={hinted.includes(turn.position)}
          />
        ))}
      </ol>
    </section>
  );
}
