// The adjudication screen's keys, like every work screen's (docs/review.md, "Adjudication"):
// j/k move between the sentences that need a decision, 1/2 set the focused one's gold label,
// n goes to the next one without a gold decision of the admin's, ? shows them all.
import { useEffect, useRef } from 'react';

import { isInDialog, isTextField } from '../../workspace/focus';
import type { ShortcutEntry } from '../../workspace/ShortcutSheet';

export const ADJUDICATION_SHORTCUTS: readonly ShortcutEntry[] = [
  { keys: ['j'], description: 'Next sentence to decide' },
  { keys: ['k'], description: 'Previous sentence to decide' },
  { keys: ['n'], description: 'Next sentence without your gold label' },
  { keys: ['1'], description: 'Gold: consistent (the focused sentence)' },
  { keys: ['2'], description: 'Gold: inconsistent (the focused sentence)' },
  { keys: ['?'], description: 'Show these shortcuts' },
];

export type AdjudicationAction =
  | { type: 'move'; by: 1 | -1 }
  | { type: 'next-undecided' }
  | { type: 'gold'; label: 'consistent' | 'inconsistent' }
  | { type: 'shortcuts' };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  inTextField: boolean;
  inDialog: boolean;
}

/** What a key does on the adjudication screen, or null (typing, a dialog, a modifier). */
export function interpretAdjudicationKey(press: KeyPress): AdjudicationAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.inTextField || press.inDialog) return null;
  switch (press.key) {
    case 'j':
      return { type: 'move', by: 1 };
    case 'k':
      return { type: 'move', by: -1 };
    case 'n':
      return { type: 'next-undecided' };
    case '1':
      return { type: 'gold', label: 'consistent' };
    case '2':
      return { type: 'gold', label: 'inconsistent' };
    case '?':
      return { type: 'shortcuts' };
    default:
      return null;
  }
}

/** The sentence cases on screen, in order: each a focusable element marked `data-case`, with
 * `data-decided` once the admin set its gold label. */
function cases(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-case]')];
}

function currentCase(): HTMLElement | null {
  return document.activeElement instanceof Element ? document.activeElement.closest<HTMLElement>('[data-case]') : null;
}

/** Listens for the keys on the window; `onShortcuts` opens the sheet. */
export function useAdjudicationKeys(onShortcuts: () => void): void {
  const latest = useRef(onShortcuts);
  latest.current = onShortcuts;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.isComposing || event.defaultPrevented) return;
      const action = interpretAdjudicationKey({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        inTextField: isTextField(event.target),
        inDialog: isInDialog(event.target),
      });
      if (action === null) return;
      const all = cases();
      const current = currentCase();
      const index = current === null ? -1 : all.indexOf(current);
      if (action.type === 'shortcuts') {
        latest.current();
      } else if (action.type === 'move') {
        // The first j goes to the first sentence; k from nowhere to the last.
        const next = index === -1 ? (action.by === 1 ? 0 : all.length - 1) : index + action.by;
        all[Math.max(0, Math.min(all.length - 1, next))]?.focus();
      } else if (action.type === 'next-undecided') {
        const after = [...all.slice(index + 1), ...all.slice(0, index + 1)];
        after.find((element) => !element.hasAttribute('data-decided'))?.focus();
      } else {
        const target = current ?? all[0];
        target?.querySelector<HTMLButtonElement>(`[data-gold="${action.label}"]`)?.click();
        target?.focus();
      }
      event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
