// The workspace's keyboard model as a pure function: (state, key, context) → (state, action).
// The hook in useWorkspaceKeys.ts only turns DOM events into `KeyInput` and runs the action,
// so every rule here (bounds, "not while typing", the two-key `r` then digit) is unit-tested.
// It alone decides what a digit means: the question a two-key shortcut named, else the
// question focus is on, else the focused sentence's label. (Questions used to take their own
// digits, so `c 2` on a relevance choice rated relevance 2 and left the topic unanswered.)

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
  /** The question (a radio group) the event comes from: a bare digit answers it. */
  question: Question | null;
  /** The event comes from a sentence itself, not from a control inside or outside it. */
  onSentence: boolean;
}

/** The questions answered by a digit, named like the `data-nav` ids of their markup. */
export type Question = 'relevance' | 'topic' | 'confidence';

/** One answerable item, in reading order (topic, then each summary's sentences and questions). */
export interface NavItem {
  id: string;
  answered: boolean;
}

export interface KeyContext {
  sentenceCount: number;
  /** Index of the focused sentence across all summaries, or null before any was focused. */
  focusedSentence: number | null;
  /** Index of the summary focus is in (a sentence or a question of it), or null. */
  focusedSummary: number | null;
  items: readonly NavItem[];
  /** The item that has (or last had) focus, where `n` starts looking from. */
  currentItem: string | null;
  readOnly: boolean;
  canLabel: boolean;
  canErrorTypes: boolean;
  canRelevance: boolean;
  canTopic: boolean;
  canComment: boolean;
  canConfidence: boolean;
  canNotASummary: boolean;
  canSummaryComment: boolean;
  /** Error spans may be marked in sentences. */
  canSpans: boolean;
  /** Spans (or atomic facts) are linked to evidence in the dialogue. */
  canEvidence: boolean;
  /** The scheme asks for key facts (completeness): `p` and `l`. */
  canKeyFacts?: boolean;
  /** The scheme asks for atomic facts: `a`. */
  canAtomicFacts?: boolean;
  /** A dialog the workspace opened. Mantine moves focus into it a moment later, so a key
   * pressed at once still comes from the page behind it; it is the dialog's key. */
  dialog: 'submit' | 'shortcuts' | null;
}

/** A two-key shortcut waiting for its digit: `r` relevance, `c` topic category, `f` confidence. */
export type Pending = Question | null;

export interface KeyState {
  pending: Pending;
}

export const INITIAL_KEY_STATE: KeyState = { pending: null };

/** The digits each question takes. */
const DIGITS: Record<Question, RegExp> = {
  relevance: /^[1-5]$/,
  topic: /^[1-3]$/,
  confidence: /^[1-3]$/,
};

/** The answer a digit gives `question`, or null when it is not one of its digits or there is
 * no summary or sentence for it to apply to. */
function answer(question: Question, key: string, context: KeyContext): KeyAction | null {
  if (!DIGITS[question].test(key)) return null;
  const value = Number(key);
  switch (question) {
    case 'relevance':
      return context.focusedSummary === null ? null : { type: 'relevance', summary: context.focusedSummary, value };
    case 'topic':
      return { type: 'topic', choice: value - 1 };
    case 'confidence':
      return context.focusedSentence === null ? null : { type: 'confidence', index: context.focusedSentence, value };
  }
}

export type KeyAction =
  | { type: 'focusSentence'; index: number }
  | { type: 'label'; index: number; label: 'consistent' | 'inconsistent' }
  /** The focused sentence is not labelled any more (Delete or Backspace on it). */
  | { type: 'clearLabel'; index: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'focusExplanation'; index: number }
  | { type: 'focusComment'; index: number }
  | { type: 'toggleNotASummary'; summary: number }
  | { type: 'focusSummaryComment'; summary: number }
  | { type: 'openErrorTypes'; index: number }
  | { type: 'markSpan'; index: number }
  | { type: 'toDialogue' }
  | { type: 'focusKeyFacts' }
  | { type: 'focusAlignment' }
  | { type: 'focusAtomicFacts'; summary: number }
  | { type: 'toggleNoEvidence' }
  | { type: 'await'; pending: Exclude<Pending, null> }
  | { type: 'cancelPending' }
  | { type: 'relevance'; summary: number; value: number }
  | { type: 'topic'; choice: number }
  | { type: 'confidence'; index: number; value: number }
  | { type: 'focusItem'; id: string }
  | { type: 'allAnswered' }
  | { type: 'focusFind' }
  | { type: 'nextUnit' }
  | { type: 'toggleGuidelines' }
  | { type: 'readGuidelines' }
  | { type: 'showShortcuts' }
  | { type: 'toQueue' }
  | { type: 'submit' }
  | { type: 'confirmSubmit' }
  | { type: 'closeDialog' }
  | { type: 'ignore' }
  | { type: 'leaveField' };

export interface KeyResult {
  state: KeyState;
  /** null: the key is not ours, let the browser have it. */
  action: KeyAction | null;
}

/** The scheme switch (`Scheme` key) a shortcut needs. */
export type ShortcutSwitch =
  | 'comment'
  | 'confidence'
  | 'not_a_summary'
  | 'summary_comment'
  | 'error_spans'
  | 'evidence'
  | 'completeness'
  | 'atomic_facts';

/** The shortcut sheet and this module read from the same list; `when` names the scheme
 * switch a shortcut needs (it is listed only when the project asks for it). */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; description: string; when?: ShortcutSwitch }> = [
  { keys: ['j'], description: 'Next sentence' },
  { keys: ['k'], description: 'Previous sentence' },
  { keys: ['1'], description: 'Label the sentence consistent' },
  { keys: ['2'], description: 'Label the sentence inconsistent' },
  { keys: ['Delete'], description: 'Clear the label of the sentence (or Backspace; Ctrl+Z brings it back)' },
  { keys: ['e'], description: 'Write the explanation of the sentence' },
  { keys: ['t'], description: 'Pick error types (type to filter, Enter to add, Escape to close)' },
  { keys: ['m'], description: 'Write a comment on the sentence', when: 'comment' },
  {
    keys: ['u'],
    description: 'Mark an error span: ← → move by word, Shift+← → extend, Enter marks (or select words with the mouse)',
    when: 'error_spans',
  },
  {
    keys: ['d'],
    description: "Go to the dialogue to link the active span's (or atomic fact's) evidence: ↑ ↓ between turns, Enter takes a turn whole",
    when: 'evidence',
  },
  {
    keys: ['o'],
    description: 'The active span (or atomic fact) has no evidence in the dialogue (or has after all)',
    when: 'evidence',
  },
  {
    keys: ['p'],
    description: 'Key facts: open the panel and write the next one (Enter adds it); in a given-list round, to the grid',
    when: 'completeness',
  },
  { keys: ['Enter'], description: 'In a key fact: on to the next (in the last field: add it)', when: 'completeness' },
  { keys: ['Alt', '↑'], description: 'In a key fact: move it up (Alt+↓ down)', when: 'completeness' },
  { keys: ['Backspace'], description: 'In an emptied key fact or atomic fact: remove it', when: 'completeness' },
  {
    keys: ['l'],
    description: 'Align key facts: to the grid of key facts × summaries (the first cell not decided)',
    when: 'completeness',
  },
  { keys: ['←', '→'], description: 'In the grid: move between summaries (↑ ↓ between key facts)', when: 'completeness' },
  { keys: ['Space'], description: 'In the grid: the summary states the key fact, or does not', when: 'completeness' },
  { keys: ['Delete'], description: 'In the grid: not decided', when: 'completeness' },
  {
    keys: ['1–9'],
    description: "In the grid: mark that sentence of the summary as stating the key fact (Enter opens the cell to click them)",
    when: 'completeness',
  },
  {
    keys: ['a'],
    description: "Atomic facts of the summary you are in: write a claim of the focused sentence (Enter adds it), or verify the given ones",
    when: 'atomic_facts',
  },
  {
    keys: ['1–2'],
    description: 'On an atomic fact: 1 supported, 2 not supported by the dialogue (↑ ↓ move, Enter edits a written one)',
    when: 'atomic_facts',
  },

  { keys: ['f', '1–3'], description: 'Your confidence in the label: 1 low, 2 medium, 3 high', when: 'confidence' },
  { keys: ['r', '1–5'], description: 'Rate the relevance of the summary you are in' },
  { keys: ['c', '1–3'], description: 'Topic category: 1 main, 2 marginal, 3 irrelevant' },
  { keys: ['x'], description: 'Mark or unmark the summary you are in as not a summary', when: 'not_a_summary' },
  { keys: ['s'], description: 'Write a comment on the summary you are in', when: 'summary_comment' },
  { keys: ['↑', '↓'], description: 'Move between the choices of a question (does not choose)' },
  { keys: ['Space'], description: 'Choose the focused choice (or press its digit)' },
  { keys: ['Backspace'], description: 'In the error types: remove the last one' },
  { keys: ['n'], description: 'Go to the next unanswered item' },
  { keys: ['/'], description: 'Find in the dialogue' },
  { keys: ['Enter'], description: 'In Find: the next match' },
  { keys: ['Shift', 'Enter'], description: 'In Find: the previous match' },
  { keys: ['g'], description: 'Show or hide the guidelines beside the work' },
  { keys: ['Shift', 'G'], description: 'Read the guidelines: focus moves into them (arrows scroll), Esc comes back' },
  { keys: ['?'], description: 'Show these shortcuts' },
  { keys: ['Ctrl', 'Z'], description: 'Undo your last change in this unit (in a text field: undo typing there)' },
  { keys: ['Ctrl', 'Shift', 'Z'], description: 'Redo the change you undid (or Ctrl+Y)' },
  { keys: ['Ctrl', 'Enter'], description: 'Submit the unit (asks first: Enter confirms, Esc cancels)' },
  { keys: ['Shift', 'N'], description: 'Open your next unit (your queue after the last one)' },
  { keys: ['Shift', 'Q'], description: 'Back to your queue' },
  { keys: ['Esc'], description: 'From a text field or any other control (the guidelines too) back to the sentence' },
];

/** Ctrl+Z (⌘Z) undoes; Ctrl+Shift+Z (⌘⇧Z) and Ctrl+Y redo. With Shift the key reads "Z". */
function historyKey(input: KeyInput): 'undo' | 'redo' | null {
  if (!(input.ctrlKey || input.metaKey) || input.altKey) return null;
  const key = input.key.toLowerCase();
  if (key === 'z') return input.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !input.shiftKey) return 'redo';
  return null;
}

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
  const cleared: KeyState = INITIAL_KEY_STATE;

  if (context.dialog !== null && !input.inDialog) {
    // The dialog is open but focus has not reached it: Enter confirms, Esc cancels, and no
    // key reaches the page behind it (Tab is left to the dialog's focus trap).
    if (input.key === 'Escape') return { state: cleared, action: { type: 'closeDialog' } };
    if (input.key === 'Enter' && context.dialog === 'submit' && !input.shiftKey && !input.altKey) {
      return { state: cleared, action: { type: 'confirmSubmit' } };
    }
    return input.key === 'Tab' ? none(cleared) : { state: cleared, action: { type: 'ignore' } };
  }

  // Ctrl+Enter (or ⌘+Enter) submits from anywhere, text fields included (after a confirm).
  if (input.key === 'Enter' && (input.ctrlKey || input.metaKey) && !input.inDialog) {
    return { state: cleared, action: { type: 'submit' } };
  }
  if (input.inDialog) return none(state);
  if (input.inTextField) {
    // Ctrl+Z there is the browser's undo of the typing in that field, never the unit's.
    return input.key === 'Escape' ? { state: cleared, action: { type: 'leaveField' } } : none(state);
  }
  const history = historyKey(input);
  if (history !== null) return context.readOnly ? none(cleared) : { state: cleared, action: { type: history } };
  if (input.ctrlKey || input.metaKey || input.altKey) return none(state);

  const focused = context.focusedSentence;
  if (state.pending !== null) {
    // The shortcut's question takes the digit, whichever question has focus.
    const action = answer(state.pending, input.key, context);
    if (action !== null) return { state: cleared, action };
    if (input.key === 'Escape') return { state: cleared, action: { type: 'cancelPending' } };
    // Any other key cancels the pending shortcut and then means what it always means.
    const result = interpretKey(cleared, input, context);
    return result.action === null ? { state: cleared, action: { type: 'cancelPending' } } : result;
  }

  const count = context.sentenceCount;
  const editable = !context.readOnly;
  const awaiting = (pending: Exclude<Pending, null>): KeyResult => ({
    state: { pending },
    action: { type: 'await', pending },
  });
  if (input.question !== null && /^\d$/.test(input.key)) {
    // On a question, a digit is one of its choices, never the sentence's label.
    const action = editable ? answer(input.question, input.key, context) : null;
    return action === null ? none(state) : { state, action };
  }
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
    case 'Delete':
    case 'Backspace':
      // Only on the sentence itself: in its controls these keys belong to them.
      if (focused === null || !editable || !context.canLabel || !input.onSentence) return none(state);
      return { state, action: { type: 'clearLabel', index: focused } };
    case 'e':
      if (focused === null) return none(state);
      return { state, action: { type: 'focusExplanation', index: focused } };
    case 'm':
      if (focused === null || !context.canComment) return none(state);
      return { state, action: { type: 'focusComment', index: focused } };
    case 't':
      if (focused === null || !editable || !context.canErrorTypes) return none(state);
      return { state, action: { type: 'openErrorTypes', index: focused } };
    case 'u':
      if (focused === null || !editable || !context.canSpans) return none(state);
      return { state, action: { type: 'markSpan', index: focused } };
    case 'd':
      return context.canEvidence ? { state, action: { type: 'toDialogue' } } : none(state);
    case 'p':
      return context.canKeyFacts === true ? { state, action: { type: 'focusKeyFacts' } } : none(state);
    case 'l':
      return context.canKeyFacts === true ? { state, action: { type: 'focusAlignment' } } : none(state);
    case 'a':
      if (context.canAtomicFacts !== true) return none(state);
      return { state, action: { type: 'focusAtomicFacts', summary: context.focusedSummary ?? 0 } };
    case 'o':
      return context.canEvidence && editable ? { state, action: { type: 'toggleNoEvidence' } } : none(state);
    case 'r':
      if (context.focusedSummary === null || !editable || !context.canRelevance) return none(state);
      return awaiting('relevance');
    case 'c':
      if (!editable || !context.canTopic) return none(state);
      return awaiting('topic');
    case 'f':
      if (focused === null || !editable || !context.canConfidence) return none(state);
      return awaiting('confidence');
    case 'n': {
      const next = nextUnanswered(context.items, context.currentItem);
      return { state, action: next === null ? { type: 'allAnswered' } : { type: 'focusItem', id: next.id } };
    }
    case 'x':
      if (context.focusedSummary === null || !editable || !context.canNotASummary) return none(state);
      return { state, action: { type: 'toggleNotASummary', summary: context.focusedSummary } };
    case 's':
      if (context.focusedSummary === null || !context.canSummaryComment) return none(state);
      return { state, action: { type: 'focusSummaryComment', summary: context.focusedSummary } };
    // Shifted, so Caps Lock cannot leave the unit by accident.
    case 'N':
      return input.shiftKey ? { state, action: { type: 'nextUnit' } } : none(state);
    case 'Q':
      return input.shiftKey ? { state, action: { type: 'toQueue' } } : none(state);
    case '/':
      return { state, action: { type: 'focusFind' } };
    case 'g':
      return { state, action: { type: 'toggleGuidelines' } };
    case 'G':
      return input.shiftKey ? { state, action: { type: 'readGuidelines' } } : none(state);
    case '?':
      return { state, action: { type: 'showShortcuts' } };
    case 'Escape':
      // From any control (a question, a label button, a checkbox, the header) back to the work.
      return input.onSentence ? none(state) : { state, action: { type: 'leaveField' } };
    default:
      return none(state);
  }
}
