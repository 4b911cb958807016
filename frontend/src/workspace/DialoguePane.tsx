import { Group, Text, Title } from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

import type { Evidence, Turn } from '../api/types';
import { FindBox } from './FindBox';
import { findMatches, type TextMatch } from './findMatches';
import { clearSelection, selectionIn } from './spans/selection';
import { snapToWords } from './spans/spanText';
import { TurnView } from './TurnView';

/** Evidence is being linked to a span or an atomic fact: what to call it, and where its
 * evidence already is. */
export interface Linking {
  /** "“Monday” in summary B, sentence 2", "atomic fact 2 of summary A". */
  spanName: string;
  /** What it is: "span", "atomic fact". */
  kind?: string;
  evidence: readonly Evidence[];
  /** Links may be added (the unit is editable and the scheme asks for evidence). */
  canLink: boolean;
  onLink: (evidence: Evidence) => void;
}

interface DialoguePaneProps {
  title: string;
  turns: readonly Turn[];
  /** Positions of the turns hinted for the sentence being judged (evidence hints). */
  hinted?: readonly number[];
  linking?: Linking | null;
}

const NO_HINTS: readonly number[] = [];
const NONE: readonly never[] = [];

/** The dialogue, scrolling on its own, with find-in-dialogue; while a span or an atomic fact
 * is active, the place its evidence is linked (select words in a turn, or Enter on a focused
 * turn): the one evidence-linking place of the workspace. */
export function DialoguePane({ title, turns, hinted = NO_HINTS, linking = null }: DialoguePaneProps) {
  const headingId = useId();
  const paneRef = useRef<HTMLElement>(null);
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const [message, setMessage] = useState('');
  const ordered = useMemo(() => [...turns].sort((a, b) => a.position - b.position), [turns]);
  const matches = useMemo(() => findMatches(ordered.map((turn) => turn.text), query), [ordered, query]);
  const matchesByTurn = useMemo(() => {
    const byTurn = new Map<number, (TextMatch & { index: number })[]>();
    matches.forEach((match, index) => byTurn.set(match.turn, [...(byTurn.get(match.turn) ?? []), { ...match, index }]));
    return byTurn;
  }, [matches]);
  const evidence = linking?.evidence ?? NONE;
  const evidenceByTurn = useMemo(() => {
    const byTurn = new Map<number, Evidence[]>();
    for (const item of evidence) byTurn.set(item.turn, [...(byTurn.get(item.turn) ?? []), item]);
    return byTurn;
  }, [evidence]);

  useEffect(() => {
    paneRef.current?.querySelector('[data-current-match]')?.scrollIntoView?.({ block: 'center' });
  }, [current, matches]);

  useEffect(() => setMessage(''), [linking?.spanName]);

  function changeQuery(next: string) {
    setQuery(next);
    setCurrent(0);
  }

  function step(direction: 1 | -1) {
    if (matches.length === 0) return;
    setCurrent((index) => (index + direction + matches.length) % matches.length);
  }

  function link(turn: Turn, start: number, end: number) {
    if (linking === null || !linking.canLink) return;
    linking.onLink({ turn: turn.id, start, end });
    setMessage(`Linked turn ${turn.position + 1} as evidence for ${linking.spanName}.`);
  }

  function onMouseUp(event: MouseEvent) {
    if (linking === null || !linking.canLink) return;
    const text = (event.target as HTMLElement).closest<HTMLElement>('[data-turn-text]');
    const turn = ordered.find((candidate) => String(candidate.id) === text?.dataset.turnText);
    if (text == null || turn === undefined) return;
    const selected = selectionIn(text);
    if (selected === null) return;
    clearSelection();
    const snapped = snapToWords(turn.text, selected.start, selected.end);
    if (snapped !== null) link(turn, snapped.start, snapped.end);
  }

  // On a focused turn: ↑/↓ move between turns, Enter takes the whole turn as evidence.
  function onKeyDown(event: KeyboardEvent) {
    const element = event.target as HTMLElement;
    if (!element.matches('[data-turn-id]') || event.ctrlKey || event.metaKey || event.altKey) return;
    const index = ordered.findIndex((turn) => String(turn.id) === element.dataset.turnId);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = ordered[index + (event.key === 'ArrowDown' ? 1 : -1)];
      if (next !== undefined) paneRef.current?.querySelector<HTMLElement>(`[data-turn-id="${next.id}"]`)?.focus();
    } else if (event.key === 'Enter' && !event.shiftKey) {
      const turn = ordered[index];
      if (turn === undefined || linking === null || !linking.canLink) return;
      event.preventDefault();
      link(turn, 0, turn.text.length);
    }
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
      {linking !== null && linking.canLink && (
        <Text size="sm" className="linking-banner" role="status">
          {message !== ''
            ? message
            : `Evidence for ${linking.spanName}: select words in a turn, or move to a turn (↑ ↓) and press Enter to take it whole.`}
        </Text>
      )}
      {/* Mouse-up and keys are taken by the list, for every turn at once. */}
      <ol className="dialogue plain-list" onMouseUp={onMouseUp} onKeyDown={onKeyDown}>
        {ordered.map((turn, index) => (
          <TurnView
            key={turn.id}
            turn={turn}
            matches={matchesByTurn.get(index) ?? NONE}
            currentMatch={current}
            hinted={hinted.includes(turn.position)}
            evidence={evidenceByTurn.get(turn.id) ?? NONE}
            evidenceFor={linking?.kind ?? 'span'}
          />
        ))}
      </ol>
    </section>
  );
}
