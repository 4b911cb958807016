import { Button, Group, Kbd, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import type { Summary } from '../../api/types';
import type { KeyFact } from '../../kinds/keyFacts';
import { shortText } from './factLists';
import {
  alignedNumbers,
  coverageOf,
  describeCell,
  nextCoverage,
  setCoverage,
  toggleSentence,
  type Coverage,
} from './keyFactEdits';

/** A cell's `data-nav` id: key fact `position` × the summary's handle. */
export const coverageNav = (position: number, summary: string) => `coverage:${position}:${summary}`;

const CELL_KEYS = 'ArrowUp ArrowDown ArrowLeft ArrowRight Space Enter Delete 1 2 3 4 5 6 7 8 9';

interface AlignmentGridProps {
  facts: readonly KeyFact[];
  /** The list as it is now (each key starts from the edit before it). */
  current: () => readonly KeyFact[];
  summaries: readonly Summary[];
  readOnly: boolean;
  onSave: (facts: KeyFact[]) => void;
  /** Esc on a cell: leave the grid for that cell's fact (or sentence). */
  onLeave: (fact: KeyFact, summary: Summary) => void;
}

interface Cell {
  row: number;
  col: number;
}

function CellMark({ fact, summary }: { fact: KeyFact; summary: Summary }) {
  const coverage = coverageOf(fact, summary.id);
  if (coverage === 'undecided') return <span className="cell-mark cell-mark--undecided">·</span>;
  if (coverage === 'not_covered') return <span className="cell-mark cell-mark--no">✗</span>;
  const numbers = alignedNumbers(fact, summary);
  return (
    <span className="cell-mark cell-mark--yes" data-needs-sentences={numbers.length === 0 || undefined}>
      ✓{numbers.length > 0 ? ` ${numbers.join(', ')}` : ' ?'}
    </span>
  );
}

/**
 * The alignment grid: key facts × summaries (by letter only). Arrow keys move the focused
 * cell; Space says whether the summary states the fact (stated, then not stated, and back);
 * Delete undoes the decision; a digit marks or unmarks that sentence of the summary as
 * stating it; Enter (or a click) opens the cell below the grid, to click the sentences.
 */
export function AlignmentGrid({ facts, current, summaries, readOnly, onSave, onLeave }: AlignmentGridProps) {
  const labelId = useId();
  const table = useRef<HTMLTableElement>(null);
  const [cursor, setCursor] = useState<Cell>({ row: 0, col: 0 });
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const row = Math.min(cursor.row, Math.max(0, facts.length - 1));
  const col = Math.min(cursor.col, Math.max(0, summaries.length - 1));
  const openFact = facts[row];
  const openSummary = summaries[col];

  useEffect(() => {
    if (facts.length === 0) setOpen(false);
  }, [facts.length]);

  function focusCell(next: Cell) {
    const fact = facts[next.row];
    const summary = summaries[next.col];
    if (fact === undefined || summary === undefined) return;
    setCursor(next);
    table.current?.querySelector<HTMLElement>(`[data-nav="${coverageNav(fact.position, summary.id)}"]`)?.focus();
  }

  function decide(fact: KeyFact, summary: Summary, coverage: Coverage) {
    if (readOnly) return;
    onSave(setCoverage(current(), fact.position, summary.id, coverage));
    setMessage(`Key fact ${fact.position}, summary ${summary.label}: ${coverage === 'covered' ? 'states it' : coverage === 'not_covered' ? 'does not state it' : 'not decided'}.`);
  }

  function toggle(fact: KeyFact, summary: Summary, number: number) {
    const sentence = summary.sentences.find((candidate) => candidate.number === number);
    if (sentence === undefined) {
      setMessage(`Summary ${summary.label} has no sentence ${number}.`);
      return;
    }
    if (readOnly) return;
    const next = toggleSentence(current(), fact.position, summary, sentence.id);
    onSave(next);
    const updated = next.find((candidate) => candidate.position === fact.position);
    if (updated !== undefined) setMessage(`Key fact ${fact.position}, summary ${summary.label}: ${describeCell(updated, summary)}.`);
  }

  function onCellKeyDown(event: KeyboardEvent<HTMLElement>, at: Cell) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const fact = facts[at.row];
    const summary = summaries[at.col];
    if (fact === undefined || summary === undefined) return;
    const key = event.key;
    if (key === 'ArrowRight') focusCell({ row: at.row, col: Math.min(summaries.length - 1, at.col + 1) });
    else if (key === 'ArrowLeft') focusCell({ row: at.row, col: Math.max(0, at.col - 1) });
    else if (key === 'ArrowDown') focusCell({ row: Math.min(facts.length - 1, at.row + 1), col: at.col });
    else if (key === 'ArrowUp') focusCell({ row: Math.max(0, at.row - 1), col: at.col });
    else if (key === 'Home') focusCell({ row: at.row, col: 0 });
    else if (key === 'End') focusCell({ row: at.row, col: summaries.length - 1 });
    else if (key === ' ') decide(fact, summary, nextCoverage(coverageOf(fact, summary.id)));
    else if (key === 'Delete' || key === 'Backspace') decide(fact, summary, 'undecided');
    else if (key === 'Enter') setOpen((was) => !was);
    else if (key === 'Escape' && open) setOpen(false);
    // Out of the grid to where the fact came from: focus used to be dropped on the page.
    else if (key === 'Escape') onLeave(fact, summary);
    // A digit is a sentence of this summary here, never a label of the sentence last focused.
    else if (/^\d$/.test(key)) toggle(fact, summary, Number(key));
    else return;
    event.preventDefault();
  }

  function onDetailKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.ctrlKey || event.metaKey || event.altKey || openFact === undefined || openSummary === undefined) return;
    if (/^\d$/.test(event.key)) toggle(openFact, openSummary, Number(event.key));
    else if (event.key === 'Escape') {
      setOpen(false);
      focusCell({ row, col });
    } else return;
    event.preventDefault();
  }

  if (facts.length === 0 || summaries.length === 0) return null;
  return (
    <div className="alignment">
      <Text size="sm" fw={500} id={labelId}>
        Which summaries state each key fact?
      </Text>
      <Text size="xs" c="dimmed">
        <Kbd size="xs">←</Kbd> <Kbd size="xs">→</Kbd> <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> move ·{' '}
        <Kbd size="xs">Space</Kbd> states it / does not · a sentence’s number marks it · <Kbd size="xs">Enter</Kbd> opens the cell ·{' '}
        <Kbd size="xs">Delete</Kbd> undecided
      </Text>
      <div className="alignment__scroll">
        <table ref={table} role="grid" aria-labelledby={labelId} className="alignment-grid">
          <thead>
            <tr role="row">
              <th scope="col" role="columnheader">
                Key fact
              </th>
              {summaries.map((summary) => (
                <th key={summary.id} scope="col" role="columnheader" className="alignment-grid__summary">
                  {summary.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {facts.map((fact, r) => (
              <tr key={fact.position} role="row">
                <th scope="row" role="rowheader" className="alignment-grid__fact" title={fact.text}>
                  <span className="fact-item__number">{fact.position}</span> {shortText(fact.text, 48)}
                </th>
                {summaries.map((summary, c) => {
                  const focused = r === row && c === col;
                  return (
                    <td
                      key={summary.id}
                      role="gridcell"
                      tabIndex={focused ? 0 : -1}
                      className="alignment-grid__cell"
                      data-nav={coverageNav(fact.position, summary.id)}
                      data-coverage={coverageOf(fact, summary.id)}
                      data-open={(open && focused) || undefined}
                      aria-keyshortcuts={CELL_KEYS}
                      aria-readonly={readOnly || undefined}
                      aria-expanded={focused ? open : undefined}
                      onFocus={() => {
                        if (!focused) setCursor({ row: r, col: c });
                      }}
                      onClick={() => {
                        setOpen((was) => !(was && focused));
                        setCursor({ row: r, col: c });
                      }}
                      onKeyDown={(event) => onCellKeyDown(event, { row: r, col: c })}
                    >
                      {/* Named by its content, not aria-label: axe's label-content-name-mismatch
                          wants a label to contain the visible "✓ 1, 2", which reads badly. */}
                      <span aria-hidden="true">
                        <CellMark fact={fact} summary={summary} />
                      </span>
                      <VisuallyHidden>{`Key fact ${fact.position}, summary ${summary.label}: ${describeCell(fact, summary)}`}</VisuallyHidden>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Text size="xs" c="dimmed" role="status" className="span-status">
        {message}
      </Text>
      {open && openFact !== undefined && openSummary !== undefined && (
        <CellDetail
          fact={openFact}
          summary={openSummary}
          readOnly={readOnly}
          onDecide={(coverage) => decide(openFact, openSummary, coverage)}
          onToggle={(number) => toggle(openFact, openSummary, number)}
          onKeyDown={onDetailKeyDown}
        />
      )}
    </div>
  );
}

interface CellDetailProps {
  fact: KeyFact;
  summary: Summary;
  readOnly: boolean;
  onDecide: (coverage: Coverage) => void;
  onToggle: (number: number) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

const DECISIONS: readonly { coverage: Coverage; label: string; key: string }[] = [
  { coverage: 'covered', label: 'States it', key: 'Space' },
  { coverage: 'not_covered', label: 'Does not state it', key: 'Space' },
  { coverage: 'undecided', label: 'Not decided', key: 'Delete' },
];

/** An opened cell: the decision as buttons, and the summary's sentences to click (or press
 * their number) as stating the fact. */
function CellDetail({ fact, summary, readOnly, onDecide, onToggle, onKeyDown }: CellDetailProps) {
  const coverage = coverageOf(fact, summary.id);
  const marked = new Set(alignedNumbers(fact, summary));
  const name = `key fact ${fact.position} in summary ${summary.label}`;
  return (
    <div className="alignment-detail" role="group" aria-label={`Alignment of ${name}`} onKeyDown={onKeyDown}>
      <Text size="sm">
        <strong>Key fact {fact.position}</strong>: {fact.text}
      </Text>
      <Group gap="xs" mt={6}>
        {DECISIONS.map((decision) => (
          <Button
            key={decision.coverage}
            size="compact-sm"
            variant={coverage === decision.coverage ? 'filled' : 'default'}
            aria-pressed={coverage === decision.coverage}
            aria-label={`Summary ${summary.label}: ${decision.label.toLowerCase()} (${name})`}
            aria-keyshortcuts={decision.key}
            aria-disabled={readOnly || undefined}
            data-readonly={readOnly || undefined}
            onClick={() => onDecide(decision.coverage)}
          >
            {decision.label}
          </Button>
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        Sentences of summary {summary.label} that state it: click them, or press their number. Esc closes.
      </Text>
      <ol className="plain-list alignment-detail__sentences">
        {summary.sentences.map((sentence) => {
          const on = marked.has(sentence.number);
          return (
            <li key={sentence.id}>
              <button
                type="button"
                className="aligned-sentence"
                aria-pressed={on}
                aria-keyshortcuts={String(sentence.number)}
                aria-disabled={readOnly || undefined}
                aria-label={`Summary ${summary.label}, sentence ${sentence.number} states key fact ${fact.position}: ${sentence.text}`}
                data-on={on || undefined}
                onClick={() => onToggle(sentence.number)}
              >
                <span className="sentence__number">{sentence.number}</span>
                {sentence.text}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
