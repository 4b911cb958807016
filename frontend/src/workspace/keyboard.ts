// The workspace's keyboard model as a pure function: (state, key, context) → (state, action).
// The hook in useWorkspaceKeys.ts only turns DOM events into `KeyInput` and runs the action,
// so every rule here (bounds, "not while typing", the two-key `r` then digit) is unit-tested.

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** The event comes from a text field: single letters belong to the text then. */
  inTextField: boolean;
  /** The event comes from a drawer or modal, which handles its own keys. */
  inDialog: boolean;
}

/** One answerable item, in reading order (topic, then each summary's sentences and questions). */
export interface NavItem {
  id: string;
  answered: boolean;
}

export interface KeyContext {
  sentenceCount: number;
  /** Index of the focused sentence across all summaries, or null before any was focused. */
  focusedSentence: number | null;
  items: readonly NavItem[];
  /** The item that has (or last had) focus, where `n` starts looking from. */
  currentItem: string | null;
  readOnly: boolean;
  canLabel: boolean;
  canErrorTypes: boolean;
  canRelevance: boolean;
}

export interface KeyState {
  /** `r` was pressed; the next digit 1–5 rates relevance. */
  awaitingRelevance: boolean;
}

export const INITIAL_KEY_STATE: KeyState = { awaitingRelevance: false };

export type KeyAction =
  | { type: 'focusSentence'; index: number }
  | { type: 'label'; index: number; label: 'consistent' | 'inconsistent' }
  | { type: 'focusExplanation'; index: number }
  | { type: 'openErrorTypes'; index: number }
  | { type: 'awaitRelevance' }
  | { type: 'cancelRelevance' }
  | { type: 'relevance'; index: number; value: number }
  | { type: 'focusItem'; id: string }
  | { type: 'allAnswered' }
  | { type: 'toggleGuidelines' }
  | { type: 'showShortcuts' }
  | { type: 'submit' }
  | { type: 'leaveField' };

export interface KeyResult {
  state: KeyState;
  /** null: the key is not ours, let the browser have it. */
  action: KeyAction | null;
}

/** The shortcut sheet and this module read from the same list. */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; description: string }> = [
  { keys: ['j'], description: 'Next sentence' },
  { keys: ['k'], description: 'Previous sentence' },
  { keys: ['1'], description: 'Label the sentence consistent' },
  { keys: ['2'], description: 'Label the sentence inconsistent' },
  { keys: ['e'], description: 'Write the explanation of the sentence' },
  { keys: ['t'], description: 'Pick error types (type to filter, Enter to add, Escape to close)' },
  { keys: ['r', '1–5'], description: "Rate the relevance of the sentence's summary" },
  { keys: ['n'], description: 'Go to the next unanswered item' },
  { keys: ['g'], description: 'Open or close the guidelines' },
  { keys: ['?'], description: 'Show these shortcuts' },
  { keys: ['Ctrl', 'Enter'], description: 'Submit the unit' },
  { keys: ['Esc'], description: 'Leave a text field, back to its sentence' },
];

/** The first unanswered item after `currentId`, wrapping around; the current one comes last. */
export function nextUnanswered(items: readonly NavItem[], currentId: string | null): NavItem | null {
  const start = currentId === null ? -1 : items.findIndex((item) => item.id === currentId);
  for (let step = 1; step <= items.length; step += 1) {
    const item = items[(start + step + items.length) % items.length];
    if (item !== undefined && !item.answered) return item;
  }
  return null;
}

const none = (state: KeyState): KeyResult => ({ state, action: null });

export function interpretKey(state: KeyState, input: KeyInput, context: KeyContext): KeyResult {
  const cleared: KeyState = { awaitingRelevance: false };

  // Ctrl+Enter (or ⌘+Enter) submits from anywhere, text fields included.
  if (input.key === 'Enter' && (input.ctrlKey || input.metaKey) && !input.inDialog) {
    return { state: cleared, action: { type: 'submit' } };
  }
  if (input.inDialog) return none(state);
  if (input.inTextField) {
    return input.key === 'Escape' ? { state: cleared, action: { type: 'leaveField' } } : none(state);
  }
  if (input.ctrlKey || input.metaKey || input.altKey) return none(state);

  const focused = context.focusedSentence;
  if (state.awaitingRelevance) {
    const value = Number(input.key);
    if (/^[1-5]$/.test(input.key) && focused !== null) {
      return { state: cleared, action: { type: 'relevance', index: focused, value } };
    }
    if (input.key === 'Escape') return { state: cleared, action: { type: 'cancelRelevance' } };
    // Any other key cancels the pending `r` and then means what it always means.
    const result = interpretKey(cleared, input, context);
    return result.action === null ? { state: cleared, action: { type: 'cancelRelevance' } } : result;
  }

  const count = context.sentenceCount;
  const editable = !context.readOnly;
  switch (input.key) {
    case 'j':
      if (count === 0) return none(state);
      return { state, action: { type: 'focusSentence', index: focused === null ? 0 : Math.min(count - 1, focused + 1) } };
    case 'k':
      if (count === 0) return none(state);
      return { state, action: { type: 'focusSentence', index: focused === null ? 0 : Math.max(0, focused - 1) } };
    case '1':
    case '2':
      if (focused === null || !editable || !context.canLabel) return none(state);
      return {
        state,
        action: { type: 'label', index: focused, label: input.key === '1' ? 'consistent' : 'inconsistent' },
      };
    case 'e':
      if (focused === null) return none(state);
      return { state, action: { type: 'focusExplanation', index: focused } };
    case 't':
      if (focused === null || !editable || !context.canErrorTypes) return none(state);
      return { state, action: { type: 'openErrorTypes', index: focused } };
    case 'r':
      if (focused === null || !editable || !context.canRelevance) return none(state);
      return { state: { awaitingRelevance: true }, action: { type: 'awaitRelevance' } };
    case 'n': {
      const next = nextUnanswered(context.items, context.currentItem);
      return { state, action: next === null ? { type: 'allAnswered' } : { type: 'focusItem', id: next.id } };
    }
    case 'g':
      return { state, action: { type: 'toggleGuidelines' } };
    case '?':
      return { state, action: { type: 'showShortcuts' } };
    default:
      return none(state);
  }
}
