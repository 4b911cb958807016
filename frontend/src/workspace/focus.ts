// Moving focus to an item by its `data-nav` id ("label:<handle>", "explanation:<handle>",
// "error_types:<handle>", "error_spans:<handle>", "spans:<handle>" (marking), "relevance:<handle>", "summary:<handle>", "topic";
// the fact panels' "key_facts", "key_fact:<n>", "key_fact_new", "coverage:<n>:<summary handle>",
// "atomic_facts:<handle>", "atomic_new:<handle>", "acu:<handle>:<n>"). The markup carries the handles,
// so keys, `n` and the missing-items list all land on the same elements.

import type { Question } from './keyboard';

const FOCUSABLE = 'textarea, input:not([type="hidden"]):not([disabled]), button:not([disabled]), [tabindex]';

export function focusNav(root: ParentNode | null, id: string): boolean {
  const element = root?.querySelector<HTMLElement>(`[data-nav="${id}"]`);
  if (element == null) {
    // An explanation or error-type field that is not shown: land on its sentence instead.
    const sentence = /^(?:explanation|error_types|error_spans):(.+)$/.exec(id)?.[1];
    if (sentence !== undefined) return focusNav(root, `label:${sentence}`);
    // A fact that is no longer there (renumbered, removed): its list instead.
    const summary = /^acu:(.+):\d+$/.exec(id)?.[1];
    if (summary !== undefined) return focusNav(root, `atomic_facts:${summary}`);
    return /^(?:coverage|key_fact):/.test(id) ? focusNav(root, 'key_facts') : false;
  }
  const target = element.matches(FOCUSABLE)
    ? element
    : (element.querySelector<HTMLElement>('input:checked, [role="radio"][aria-checked="true"]') ??
      element.querySelector<HTMLElement>('[role="radio"][tabindex="0"]') ??
      element.querySelector<HTMLElement>(FOCUSABLE));
  if (target === null) return false;
  target.focus({ preventScroll: true });
  // jsdom has no scrollIntoView; browsers do.
  element.scrollIntoView?.({ block: 'nearest' });
  return true;
}

const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Single-letter shortcuts must not fire while the person types here. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(target.type);
}

export function isInDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [aria-modal="true"]') !== null;
}

/** The question a key comes from: the radio group inside a `data-nav` item named "topic",
 * "relevance:<handle>" or "confidence:<handle>". */
export function questionOf(target: EventTarget | null): Question | null {
  if (!(target instanceof Element)) return null;
  const nav = target.closest('[role="radiogroup"]')?.closest('[data-nav]')?.getAttribute('data-nav');
  const kind = nav?.split(':')[0];
  return kind === 'relevance' || kind === 'topic' || kind === 'confidence' ? kind : null;
}

/** The key comes from a sentence itself (the element `j`/`k` focus), not a control in it. */
export function isSentence(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.hasAttribute('data-sentence-index');
}
