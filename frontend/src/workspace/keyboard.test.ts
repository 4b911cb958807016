import { describe, expect, it } from 'vitest';

import {
  INITIAL_KEY_STATE,
  interpretKey,
  nextUnanswered,
  type KeyContext,
  type KeyInput,
  type KeyState,
} from './keyboard';

function key(keyName: string, extra: Partial<KeyInput> = {}): KeyInput {
  return {
    key: keyName,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    inTextField: false,
    inDialog: false,
    question: null,
    onSentence: false,
    ...extra,
  };
}

const CONTEXT: KeyContext = {
  sentenceCount: 3,
  focusedSentence: 1,
  items: [
    { id: 'topic', answered: true },
    { id: 'label:1', answered: true },
    { id: 'label:2', answered: false },
    { id: 'explanation:2', answered: true },
    { id: 'label:3', answered: false },
    { id: 'relevance:9', answered: false },
  ],
  currentItem: 'label:2',
  readOnly: false,
  canLabel: true,
  canErrorTypes: true,
  canRelevance: true,
  canTopic: true,
  canComment: false,
  canConfidence: false,
  canNotASummary: true,
  canSummaryComment: true,
  canSpans: true,
  canEvidence: true,
  focusedSummary: 0,
  dialog: null,
};

function press(keyName: string, context: Partial<KeyContext> = {}, extra: Partial<KeyInput> = {}, state: KeyState = INITIAL_KEY_STATE) {
  return interpretKey(state, key(keyName, extra), { ...CONTEXT, ...context });
}

describe('the workspace keys', () => {
  it('opens key facts with p, the alignment grid with l and the atomic facts of the summary with a, only where asked', () => {
    expect(press('p').action).toBeNull();
    expect(press('l').action).toBeNull();
    expect(press('a').action).toBeNull();
    const asked = { canKeyFacts: true, canAtomicFacts: true };
    expect(press('p', asked).action).toEqual({ type: 'focusKeyFacts' });
    expect(press('l', asked).action).toEqual({ type: 'focusAlignment' });
    expect(press('a', { ...asked, focusedSummary: 1 }).action).toEqual({ type: 'focusAtomicFacts', summary: 1 });
    // Before any summary has focus: the first.
    expect(press('a', { ...asked, focusedSummary: null }).action).toEqual({ type: 'focusAtomicFacts', summary: 0 });
    // Letters typed in a fact are text.
    expect(press('p', asked, { inTextField: true }).action).toBeNull();
  });

  it('marks spans with u and links evidence with d and o only where the project asks for them', () => {
    expect(press('u').action).toEqual({ type: 'markSpan', index: 1 });
    expect(press('u', { canSpans: false }).action).toBeNull();
    expect(press('u', { readOnly: true }).action).toBeNull();
    expect(press('u', { focusedSentence: null }).action).toBeNull();
    expect(press('d').action).toEqual({ type: 'toDialogue' });
    expect(press('o').action).toEqual({ type: 'toggleNoEvidence' });
    expect(press('d', { canEvidence: false }).action).toBeNull();
    expect(press('o', { readOnly: true }).action).toBeNull();
    expect(press('u', {}, { inTextField: true }).action).toBeNull();
  });

  it('moves to the next and previous sentence and stops at both ends', () => {
    expect(press('j').action).toEqual({ type: 'focusSentence', index: 2 });
    expect(press('k').action).toEqual({ type: 'focusSentence', index: 0 });
    expect(press('j', { focusedSentence: 2 }).action).toEqual({ type: 'focusSentence', index: 2 });
    expect(press('k', { focusedSentence: 0 }).action).toEqual({ type: 'focusSentence', index: 0 });
    expect(press('j', { focusedSentence: null }).action).toEqual({ type: 'focusSentence', index: 0 });
    expect(press('j', { sentenceCount: 0, focusedSentence: null }).action).toBeNull();
  });

  it('labels the focused sentence with 1 and 2', () => {
    expect(press('1').action).toEqual({ type: 'label', index: 1, label: 'consistent' });
    expect(press('2').action).toEqual({ type: 'label', index: 1, label: 'inconsistent' });
    expect(press('2', { focusedSentence: null }).action).toBeNull();
    expect(press('2', { readOnly: true }).action).toBeNull();
    expect(press('1', { canLabel: false }).action).toBeNull();
  });

  it('focuses the explanation and opens the error types of the focused sentence', () => {
    expect(press('e').action).toEqual({ type: 'focusExplanation', index: 1 });
    expect(press('t').action).toEqual({ type: 'openErrorTypes', index: 1 });
    expect(press('t', { canErrorTypes: false }).action).toBeNull();
  });

  it('jumps to the next unanswered item with n, wrapping around', () => {
    expect(press('n').action).toEqual({ type: 'focusItem', id: 'label:3' });
    expect(press('n', { currentItem: 'relevance:9' }).action).toEqual({ type: 'focusItem', id: 'label:2' });
    expect(press('n', { currentItem: null }).action).toEqual({ type: 'focusItem', id: 'label:2' });
    const allDone = CONTEXT.items.map((item) => ({ ...item, answered: true }));
    expect(press('n', { items: allDone }).action).toEqual({ type: 'allAnswered' });
  });

  it('ignores single-letter keys while typing in a text field', () => {
    for (const letter of ['j', 'k', '1', '2', 'e', 't', 'r', 'n', 'g', '?']) {
      expect(press(letter, {}, { inTextField: true }).action).toBeNull();
    }
  });

  it('leaves a text field with Escape', () => {
    expect(press('Escape', {}, { inTextField: true }).action).toEqual({ type: 'leaveField' });
  });

  it('ignores keys with Ctrl, Alt or Meta and keys inside dialogs', () => {
    expect(press('j', {}, { ctrlKey: true }).action).toBeNull();
    expect(press('1', {}, { altKey: true }).action).toBeNull();
    expect(press('j', {}, { inDialog: true }).action).toBeNull();
  });

  it('submits with Ctrl+Enter or Cmd+Enter, even from a text field', () => {
    expect(press('Enter', {}, { ctrlKey: true }).action).toEqual({ type: 'submit' });
    expect(press('Enter', {}, { metaKey: true, inTextField: true }).action).toEqual({ type: 'submit' });
    expect(press('Enter').action).toBeNull();
  });

  it('gives keys pressed before focus reaches an open dialog to the dialog, none to the page', () => {
    const confirming = { dialog: 'submit' } as const;
    expect(press('Enter', confirming).action).toEqual({ type: 'confirmSubmit' });
    expect(press('Escape', confirming, { inTextField: true }).action).toEqual({ type: 'closeDialog' });
    expect(press('Escape', { dialog: 'shortcuts' }).action).toEqual({ type: 'closeDialog' });
    expect(press('Enter', { dialog: 'shortcuts' }).action).toEqual({ type: 'ignore' });
    expect(press('2', confirming).action).toEqual({ type: 'ignore' });
    expect(press('Enter', confirming, { ctrlKey: true }).action).toEqual({ type: 'confirmSubmit' });
    expect(press('Tab', confirming).action).toBeNull();
    // Once focus is in the dialog, its own buttons and Mantine handle the keys.
    expect(press('Enter', confirming, { inDialog: true }).action).toBeNull();
  });

  it('rates relevance of the summary focus is in with r then a digit from 1 to 5', () => {
    const first = press('r');
    expect(first.action).toEqual({ type: 'await', pending: 'relevance' });
    expect(first.state.pending).toBe('relevance');

    const second = press('4', { focusedSummary: 2 }, {}, first.state);
    expect(second.action).toEqual({ type: 'relevance', summary: 2, value: 4 });
    expect(second.state.pending).toBeNull();
  });

  it('rates relevance with r 5 or the digit alone when focus is on the relevance question, no sentence focused yet', () => {
    // `n` lands on a relevance choice before any sentence had focus.
    const context = { focusedSentence: null, focusedSummary: 1 };
    const onRelevance = { question: 'relevance' } as const;
    const first = press('r', context, onRelevance);
    expect(press('5', context, onRelevance, first.state).action).toEqual({ type: 'relevance', summary: 1, value: 5 });
    expect(press('3', context, onRelevance).action).toEqual({ type: 'relevance', summary: 1, value: 3 });
    expect(press('Escape', context, onRelevance).action).toEqual({ type: 'leaveField' });
  });

  it('gives a pending shortcut the digit, whichever question has focus', () => {
    const onRelevance = { question: 'relevance' } as const;
    const topic = press('c', {}, onRelevance);
    expect(press('2', {}, onRelevance, topic.state).action).toEqual({ type: 'topic', choice: 1 });
    const onTopic = { question: 'topic' } as const;
    const relevance = press('r', { focusedSummary: 1 }, onTopic);
    expect(press('5', { focusedSummary: 1 }, onTopic, relevance.state).action).toEqual({ type: 'relevance', summary: 1, value: 5 });
    const confidence = press('f', { canConfidence: true }, onRelevance);
    expect(press('3', { canConfidence: true }, onRelevance, confidence.state).action).toEqual({ type: 'confidence', index: 1, value: 3 });
  });

  it('takes a digit on a question as one of its choices, never as the sentence label', () => {
    expect(press('2', {}, { question: 'topic' }).action).toEqual({ type: 'topic', choice: 1 });
    expect(press('4', {}, { question: 'topic' }).action).toBeNull();
    expect(press('1', {}, { question: 'confidence' }).action).toEqual({ type: 'confidence', index: 1, value: 1 });
    expect(press('4', { readOnly: true }, { question: 'relevance' }).action).toBeNull();
  });

  it('goes back to the sentence with Escape from any control, and leaves it alone on a sentence', () => {
    expect(press('Escape').action).toEqual({ type: 'leaveField' });
    expect(press('Escape', {}, { question: 'topic' }).action).toEqual({ type: 'leaveField' });
    expect(press('Escape', {}, { onSentence: true }).action).toBeNull();
  });

  it('sets the topic category with c then 1–3, from anywhere', () => {
    const first = press('c', { focusedSentence: null, focusedSummary: null });
    expect(first.action).toEqual({ type: 'await', pending: 'topic' });
    expect(press('2', {}, {}, first.state).action).toEqual({ type: 'topic', choice: 1 });
    expect(press('4', {}, {}, first.state).action).toEqual({ type: 'cancelPending' });
    expect(press('c', { canTopic: false }).action).toBeNull();
    expect(press('c', { readOnly: true }).action).toBeNull();
  });

  it('rates confidence with f then 1–3 and focuses the comment with m, when the scheme asks', () => {
    expect(press('f').action).toBeNull();
    expect(press('m').action).toBeNull();
    const asked = { canConfidence: true, canComment: true };
    const first = press('f', asked);
    expect(press('3', asked, {}, first.state).action).toEqual({ type: 'confidence', index: 1, value: 3 });
    expect(press('m', asked).action).toEqual({ type: 'focusComment', index: 1 });
  });

  it('marks the summary focus is in as not a summary with x, and writes its comment with s', () => {
    expect(press('x', { focusedSummary: 2 }).action).toEqual({ type: 'toggleNotASummary', summary: 2 });
    expect(press('x', { readOnly: true }).action).toBeNull();
    expect(press('x', { canNotASummary: false }).action).toBeNull();
    expect(press('s', { focusedSummary: 1 }).action).toEqual({ type: 'focusSummaryComment', summary: 1 });
    expect(press('s', { focusedSummary: null }).action).toBeNull();
  });

  it('finds with /, opens the next unit with Shift+N and the queue with Shift+Q', () => {
    expect(press('/').action).toEqual({ type: 'focusFind' });
    expect(press('N', {}, { shiftKey: true }).action).toEqual({ type: 'nextUnit' });
    expect(press('Q', {}, { shiftKey: true }).action).toEqual({ type: 'toQueue' });
    // Caps Lock: an unshifted N or Q does not leave the unit.
    expect(press('N').action).toBeNull();
    expect(press('Q').action).toBeNull();
  });

  it('cancels a pending r on another key, which then keeps its meaning', () => {
    const waiting: KeyState = { pending: 'relevance' };
    expect(press('Escape', {}, {}, waiting)).toEqual({
      state: { pending: null },
      action: { type: 'cancelPending' },
    });
    expect(press('j', {}, {}, waiting)).toEqual({
      state: { pending: null },
      action: { type: 'focusSentence', index: 2 },
    });
    expect(press('9', {}, {}, waiting).action).toEqual({ type: 'cancelPending' });
    expect(press('r', { canRelevance: false }).action).toBeNull();
  });

  it('opens the guidelines with g and the shortcut sheet with ?', () => {
    expect(press('g').action).toEqual({ type: 'toggleGuidelines' });
    expect(press('G', {}, { shiftKey: true }).action).toEqual({ type: 'readGuidelines' });
    expect(press('?', {}, { shiftKey: true }).action).toEqual({ type: 'showShortcuts' });
  });
});

describe('nextUnanswered', () => {
  it('returns null when there is nothing to answer', () => {
    expect(nextUnanswered([], null)).toBeNull();
  });
});

describe('undo, redo and clearing a label', () => {
  const run = (input: KeyInput, context: KeyContext = CONTEXT) => interpretKey(INITIAL_KEY_STATE, input, context).action;

  it('undoes with Ctrl+Z or ⌘Z and redoes with Ctrl+Shift+Z or Ctrl+Y, from any control but a text field', () => {
    expect(run(key('z', { ctrlKey: true }))).toEqual({ type: 'undo' });
    expect(run(key('z', { metaKey: true }))).toEqual({ type: 'undo' });
    expect(run(key('Z', { ctrlKey: true, shiftKey: true }))).toEqual({ type: 'redo' });
    expect(run(key('y', { ctrlKey: true }))).toEqual({ type: 'redo' });
    expect(run(key('z', { ctrlKey: true, question: 'relevance' }))).toEqual({ type: 'undo' });
    // In a text field it is the browser's undo of the typing there.
    expect(run(key('z', { ctrlKey: true, inTextField: true }))).toBeNull();
    expect(run(key('z', { ctrlKey: true, inDialog: true }))).toBeNull();
    expect(run(key('z', { ctrlKey: true }), { ...CONTEXT, readOnly: true })).toBeNull();
    expect(run(key('z'))).toBeNull();
  });

  it('clears the focused sentence’s label with Delete or Backspace on the sentence only', () => {
    expect(run(key('Delete', { onSentence: true }))).toEqual({ type: 'clearLabel', index: 1 });
    expect(run(key('Backspace', { onSentence: true }))).toEqual({ type: 'clearLabel', index: 1 });
    expect(run(key('Delete'))).toBeNull();
    expect(run(key('Delete', { onSentence: true }), { ...CONTEXT, readOnly: true })).toBeNull();
  });
});
