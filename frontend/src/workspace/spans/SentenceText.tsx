import { Text } from '@mantine/core';
import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

import type { ErrorSpan, Evidence } from '../../api/types';
import { clearSelection, selectionIn } from './selection';
import {
  cursorRange,
  moveCursor,
  overlapsAny,
  quote,
  segmentsOf,
  snapToWords,
  wordsOf,
  type Range,
  type WordCursor,
} from './spanText';

interface SentenceTextProps {
  sentenceId: string;
  number: number;
  text: string;
  spans: readonly ErrorSpan[];
  /** The error type's name, for the tag under a span. */
  typeName: (id: number | null) => string;
  /** The start of this sentence's active span, or null. */
  activeStart: number | null;
  /** Spans may be marked here (the scheme asks for them and the unit is editable). */
  canMark: boolean;
  onMark: (range: Range) => void;
  onActivate: (start: number) => void;
  /** Hovering a span shows where its evidence is. */
  onHover: (evidence: readonly Evidence[]) => void;
}

const OVERLAP = 'That overlaps a span already marked: remove it first, or mark other words.';
const NO_WORDS = 'Select at least one word.';

/**
 * The sentence's text with its error spans underlined (their type as a tag). Spans are marked
 * by selecting words with the mouse, or by keyboard: `u` focuses this text, the arrow keys
 * move a word cursor, Shift+arrow extends it, Enter marks it. A span snaps to whole words and
 * may not overlap another. Type tags are CSS content, so the element's text stays exactly the
 * sentence's and a selection's offsets are the sentence's offsets.
 */
export function SentenceText(props: SentenceTextProps) {
  const { sentenceId, number, text, spans, typeName, activeStart, canMark, onMark, onActivate, onHover } = props;
  const words = useMemo(() => wordsOf(text), [text]);
  const textRef = useRef<HTMLSpanElement>(null);
  const [cursor, setCursor] = useState<WordCursor | null>(null);
  const [message, setMessage] = useState('');
  // A mouse press focuses the text too; the word cursor is for keyboard marking only, and
  // drawing it mid-drag would re-cut the text under the selection being made.
  const pointer = useRef(false);
  const marking = cursor === null ? null : cursorRange(words, cursor);

  const ranges: Range[] = marking === null ? [...spans] : [...spans, marking];
  const segments = segmentsOf(text, ranges);

  function mark(range: Range | null) {
    if (range === null) {
      setMessage(NO_WORDS);
      return;
    }
    if (overlapsAny(spans, range)) {
      setMessage(OVERLAP);
      return;
    }
    setMessage(`Marked ${quote(text, range)}.`);
    onMark(range);
  }

  function onMouseUp(event: MouseEvent) {
    pointer.current = false;
    const element = textRef.current;
    if (element === null) return;
    const selected = selectionIn(element);
    if (selected === null) {
      // A click on an underlined span makes it the active one.
      const start = (event.target as HTMLElement).closest<HTMLElement>('[data-span-start]')?.dataset.spanStart;
      if (start !== undefined) onActivate(Number(start));
      return;
    }
    if (!canMark) return;
    clearSelection();
    mark(snapToWords(text, selected.start, selected.end));
  }

  function onFocus() {
    if (!canMark || words.length === 0 || pointer.current) return;
    // Start after the last span: the next error is usually further on.
    const after = words.findIndex((word) => !spans.some((span) => word.start < span.end && span.start < word.end));
    const first = Math.max(0, after);
    setCursor({ anchor: first, head: first });
    setMessage('Marking a span: ← → move by word, Shift+← → extend, Enter marks, Esc leaves.');
  }

  function onKeyDown(event: KeyboardEvent) {
    if (cursor === null || event.ctrlKey || event.metaKey || event.altKey) return;
    let next: WordCursor | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      next = moveCursor(cursor, event.key === 'ArrowRight' ? 1 : -1, event.shiftKey, words.length);
    } else if (event.key === 'Home' || event.key === 'End') {
      const head = event.key === 'Home' ? 0 : words.length - 1;
      next = event.shiftKey ? { anchor: cursor.anchor, head } : { anchor: head, head };
    } else if (event.key === 'Enter') {
      event.preventDefault();
      mark(marking);
      return;
    }
    if (next === null) return;
    event.preventDefault();
    setCursor(next);
    const range = cursorRange(words, next);
    if (range !== null) setMessage(`${quote(text, range)}: Enter marks it.`);
  }

  return (
    <>
      <Text className="sentence__text" id={`sentence-text-${sentenceId}`}>
        <span className="sentence__number" aria-hidden="true">
          {number}
        </span>
        <span
          ref={textRef}
          className="sentence__words"
          data-nav={canMark ? `spans:${sentenceId}` : undefined}
          data-marking={cursor !== null || undefined}
          tabIndex={canMark ? -1 : undefined}
          aria-label={canMark ? 'Sentence text: mark error spans' : undefined}
          onMouseDown={() => {
            pointer.current = true;
          }}
          onMouseUp={onMouseUp}
          onFocus={onFocus}
          onBlur={() => {
            setCursor(null);
            setMessage('');
          }}
          onKeyDown={onKeyDown}
        >
          {segments.map((segment) => {
            const spanIndex = segment.covering.find((index) => index < spans.length);
            const span = spanIndex === undefined ? undefined : spans[spanIndex];
            const cursorHere = marking !== null && segment.covering.includes(spans.length);
            if (span === undefined && !cursorHere) return segment.text;
            const lastOfSpan = span !== undefined && segment.start + segment.text.length === span.end;
            const classes = [span && 'error-span', span && span.start === activeStart && 'error-span--active', cursorHere && 'span-cursor'];
            return (
              <span
                key={segment.start}
                className={classes.filter(Boolean).join(' ')}
                data-span-start={span?.start}
                data-type={lastOfSpan ? typeName(span.error_type) : undefined}
                onMouseEnter={span === undefined ? undefined : () => onHover(span.evidence)}
              >
                {segment.text}
              </span>
            );
          })}
        </span>
      </Text>
      {canMark && (
        <Text size="xs" c="dimmed" role="status" className="span-status">
          {message}
        </Text>
      )}
    </>
  );
}
