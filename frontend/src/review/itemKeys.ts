// The item screen's keyboard model as a pure function, like the workspace's (keyboard.ts):
// the component turns DOM events into `ItemKeyInput` and runs the action, so the rules (not
// while typing, each stage's own keys, bounds) are unit-tested without a browser.

import type { ShortcutEntry } from '../workspace/ShortcutSheet';
import { DECISIONS, EXPLANATION_VERDICTS, VERDICTS, type DecisionChoice, type ExplanationChoice, type VerdictChoice } from './stages';
import type { ItemStage } from './types';

export interface ItemKeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** The event comes from a text field (the note, the types' filter): letters are text there. */
  inTextField: boolean;
  /** The event comes from a dialog, which handles its own keys. */
  inDialog: boolean;
}

export interface ItemKeyContext {
  stage: ItemStage;
  count: number;
  /** The item the keys act on, by index, or null before any was chosen. */
  active: number | null;
  /** The person has reached an item: focused one, or answered the active one by its keys.
   * Until then (the screen just opened on item 1, shown active but not focused), `j` and `k`
   * go to the active item itself: the first `j` used to skip item 1, which then stayed
   * unanswered and submit was refused. */
  entered: boolean;
  readOnly: boolean;
  /** A dialog the screen opened: Mantine moves focus into it a moment later. */
  dialog: 'submit' | 'shortcuts' | null;
}

export type ItemKeyAction =
  | { type: 'focusItem'; index: number }
  | { type: 'decide'; decision: DecisionChoice['value'] }
  | { type: 'verdict'; verdict: VerdictChoice['value'] }
  /** Explanation rounds: the verdict of the focused explanation (else the first without one). */
  | { type: 'explanationVerdict'; verdict: ExplanationChoice['value'] }
  | { type: 'focusNote' }
  | { type: 'focusTypes' }
  | { type: 'showShortcuts' }
  | { type: 'toQueue' }
  | { type: 'submit' }
  | { type: 'confirmSubmit' }
  | { type: 'closeDialog' }
  | { type: 'leaveField' }
  | { type: 'ignore' };

/** The keys of a stage, for the shortcut sheet; the handler below reads the same choices. */
export function itemShortcuts(stage: ItemStage): ShortcutEntry[] {
  const stageKeys: ShortcutEntry[] =
    stage === 'review'
      ? [
          ...DECISIONS.map((choice) => ({ keys: [choice.key], description: choice.label })),
          { keys: ['t'], description: 'Pick the error types (after 3; type to filter, Enter to add)' },
          { keys: ['n'], description: 'Write the note (required for a false positive)' },
        ]
      : stage === 'second_review'
        ? [
            ...VERDICTS.map((choice) => ({ keys: [choice.key], description: `${choice.label} the review decision` })),
            { keys: ['n'], description: 'Write the note (required to dispute)' },
          ]
        : stage === 'explanation'
          ? [
              ...EXPLANATION_VERDICTS.map((choice) => ({
                keys: [choice.key],
                description: `${choice.label}: the focused explanation (else the first not judged), then the next`,
              })),
              { keys: ['Tab'], description: 'Move between explanations and their buttons' },
            ]
          : [{ keys: ['t'], description: 'Pick the error types (type to filter, Enter to add)' }];
  return [
    { keys: ['j'], description: 'Next item (or ↓)' },
    { keys: ['k'], description: 'Previous item (or ↑)' },
    ...stageKeys,
    { keys: ['Esc'], description: 'From a field back to its item' },
    { keys: ['?'], description: 'Show these shortcuts' },
    { keys: ['Ctrl', 'Enter'], description: 'Submit the unit (asks first: Enter confirms, Esc cancels)' },
    { keys: ['Shift', 'Q'], description: 'Back to your queue' },
  ];
}

/** What a key does on the item screen; null leaves it to the browser. */
export function interpretItemKey(input: ItemKeyInput, context: ItemKeyContext): ItemKeyAction | null {
  if (context.dialog !== null && !input.inDialog) {
    // The dialog is open but focus has not reached it yet: it gets the key, not the page.
    if (input.key === 'Escape') return { type: 'closeDialog' };
    if (input.key === 'Enter' && context.dialog === 'submit' && !input.shiftKey && !input.altKey) return { type: 'confirmSubmit' };
    return input.key === 'Tab' ? null : { type: 'ignore' };
  }
  if (input.inDialog) return null;
  // Ctrl+Enter (or ⌘+Enter) submits from anywhere, the note included (after a confirm).
  if (input.key === 'Enter' && (input.ctrlKey || input.metaKey)) return context.readOnly ? null : { type: 'submit' };
  if (input.inTextField) return input.key === 'Escape' ? { type: 'leaveField' } : null;
  if (input.ctrlKey || input.metaKey || input.altKey) return null;

  const { active, count } = context;
  const editable = !context.readOnly;
  switch (input.key) {
    case 'j':
    case 'ArrowDown':
      if (count === 0) return null;
      if (active === null || !context.entered) return { type: 'focusItem', index: Math.min(active ?? 0, count - 1) };
      return { type: 'focusItem', index: Math.min(count - 1, active + 1) };
    case 'k':
    case 'ArrowUp':
      if (count === 0) return null;
      if (active === null || !context.entered) return { type: 'focusItem', index: Math.min(active ?? 0, count - 1) };
      return { type: 'focusItem', index: Math.max(0, active - 1) };
    case 'n':
      return context.stage === 'error_typing' || context.stage === 'explanation' || active === null ? null : { type: 'focusNote' };
    case 't':
      return context.stage === 'second_review' || context.stage === 'explanation' || active === null || !editable
        ? null
        : { type: 'focusTypes' };
    case '?':
      return { type: 'showShortcuts' };
    case 'Q':
      return input.shiftKey ? { type: 'toQueue' } : null;
    case 'Escape':
      return { type: 'leaveField' };
    default:
      break;
  }
  if (active === null || !editable) return null;
  if (context.stage === 'review') {
    const decision = DECISIONS.find((choice) => choice.key === input.key);
    return decision === undefined ? null : { type: 'decide', decision: decision.value };
  }
  if (context.stage === 'second_review') {
    const verdict = VERDICTS.find((choice) => choice.key === input.key);
    return verdict === undefined ? null : { type: 'verdict', verdict: verdict.value };
  }
  if (context.stage === 'explanation') {
    const verdict = EXPLANATION_VERDICTS.find((choice) => choice.key === input.key);
    return verdict === undefined ? null : { type: 'explanationVerdict', verdict: verdict.value };
  }
  return null;
}
