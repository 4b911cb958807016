import { Textarea } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';

/** Typing pauses this long before a fact's text is saved (as an explanation's). */
export const FACT_TEXT_DEBOUNCE_MS = 600;

interface FactTextProps {
  /** "Key fact 2", "Atomic fact 3 of summary A". */
  label: string;
  value: string;
  readOnly: boolean;
  maxLength: number;
  navId: string;
  /** The keys the field takes, for screen readers (`aria-keyshortcuts`). */
  keys: string;
  /** Called with a text that has words only: a fact is never saved empty (the server refuses it). */
  onChange: (text: string) => void;
  /** Enter: on to the next fact. */
  onEnter: () => void;
  /** Alt+↑ / Alt+↓: the fact one place up or down; omitted where the order is fixed. */
  onMove?: (step: -1 | 1) => void;
  /** Backspace in the emptied field: the fact goes. */
  onRemove: () => void;
  onEscape: () => void;
}

/**
 * A written fact's text, one line that grows (a fact has no line breaks: Enter moves on). While
 * the field is emptied nothing is saved; leaving it empty puts the saved text back, and
 * Backspace in it removes the fact.
 */
export function FactText({ label, value, readOnly, maxLength, navId, keys, onChange, onEnter, onMove, onRemove, onEscape }: FactTextProps) {
  // Only while the field holds no words: what is on screen instead of the saved text.
  const [blank, setBlank] = useState<string | null>(null);
  const shown = blank ?? value;

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.ctrlKey || event.metaKey) return; // Ctrl+Enter submits, from anywhere
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      onEnter();
    } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown') && onMove !== undefined) {
      event.preventDefault();
      if (!readOnly) onMove(event.key === 'ArrowUp' ? -1 : 1);
    } else if (event.key === 'Backspace' && shown === '' && !readOnly) {
      event.preventDefault();
      setBlank(null);
      onRemove();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
    }
  }

  return (
    <Textarea
      className="fact-text"
      aria-label={label}
      aria-keyshortcuts={keys}
      data-nav={navId}
      autosize
      minRows={1}
      maxLength={maxLength}
      readOnly={readOnly}
      value={shown}
      onChange={(event) => {
        // A pasted line break is a space: a fact is one line.
        const text = event.currentTarget.value.replace(/\s*\n\s*/g, ' ');
        if (text.trim() === '') {
          setBlank(text);
        } else {
          setBlank(null);
          onChange(text);
        }
      }}
      onBlur={() => setBlank(null)}
      onKeyDown={onKeyDown}
    />
  );
}

interface NewFactProps {
  label: string;
  description?: string | undefined;
  placeholder: string;
  navId: string;
  keys: string;
  readOnly: boolean;
  maxLength: number;
  /** The list is full: say so instead of taking more. */
  full: string | null;
  /** Enter with words in the field: the fact is added and the field empties for the next one. */
  onAdd: (text: string) => void;
  onEscape: () => void;
}

/** The field at the end of a list where the next fact is written; Enter adds it. */
export function NewFact({ label, description, placeholder, navId, keys, readOnly, maxLength, full, onAdd, onEscape }: NewFactProps) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      const fact = text.trim();
      if (full !== null) setMessage(full);
      else if (fact === '') setMessage('Write the fact first, then press Enter.');
      else {
        onAdd(fact);
        setText('');
        setMessage(null);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
    }
  }

  if (readOnly) return null;
  return (
    <Textarea
      className="fact-text fact-text--new"
      label={label}
      description={description}
      placeholder={placeholder}
      aria-keyshortcuts={keys}
      data-nav={navId}
      autosize
      minRows={1}
      maxLength={maxLength}
      value={text}
      error={message ?? undefined}
      onChange={(event) => {
        setText(event.currentTarget.value.replace(/\s*\n\s*/g, ' '));
        setMessage(null);
      }}
      onKeyDown={onKeyDown}
    />
  );
}
