import { describe, expect, it } from 'vitest';

import { interpretItemKey, itemShortcuts, type ItemKeyContext, type ItemKeyInput } from './itemKeys';

function press(key: string, extra: Partial<ItemKeyInput> = {}): ItemKeyInput {
  return { key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, inTextField: false, inDialog: false, ...extra };
}

const REVIEW: ItemKeyContext = { stage: 'review', count: 3, active: 1, entered: true, readOnly: false, dialog: null };

describe('the item screen’s keys', () => {
  it('move between items with j/k and the arrows, within bounds', () => {
    expect(interpretItemKey(press('j'), REVIEW)).toEqual({ type: 'focusItem', index: 2 });
    expect(interpretItemKey(press('ArrowDown'), { ...REVIEW, active: 2 })).toEqual({ type: 'focusItem', index: 2 });
    expect(interpretItemKey(press('k'), REVIEW)).toEqual({ type: 'focusItem', index: 0 });
    expect(interpretItemKey(press('ArrowUp'), { ...REVIEW, active: 0 })).toEqual({ type: 'focusItem', index: 0 });
    expect(interpretItemKey(press('j'), { ...REVIEW, active: null })).toEqual({ type: 'focusItem', index: 0 });
    expect(interpretItemKey(press('j'), { ...REVIEW, count: 0, active: null })).toBeNull();
  });

  it('go first to the active item when focus is not on it yet: the first j is item 1', () => {
    const opened = { ...REVIEW, active: 0, entered: false };
    expect(interpretItemKey(press('j'), opened)).toEqual({ type: 'focusItem', index: 0 });
    expect(interpretItemKey(press('k'), opened)).toEqual({ type: 'focusItem', index: 0 });
    expect(interpretItemKey(press('j'), { ...opened, entered: true })).toEqual({ type: 'focusItem', index: 1 });
    expect(interpretItemKey(press('ArrowDown'), { ...REVIEW, active: 2, entered: false })).toEqual({ type: 'focusItem', index: 2 });
  });

  it('give a reviewer’s decision by digit', () => {
    expect(interpretItemKey(press('1'), REVIEW)).toEqual({ type: 'decide', decision: 'confirmed' });
    expect(interpretItemKey(press('2'), REVIEW)).toEqual({ type: 'decide', decision: 'false_positive' });
    expect(interpretItemKey(press('3'), REVIEW)).toEqual({ type: 'decide', decision: 'types_changed' });
    expect(interpretItemKey(press('c'), REVIEW)).toBeNull();
  });

  it('give a second reviewer’s verdict by digit, as the reviewer decides: 1 confirm, 2 dispute', () => {
    const second = { ...REVIEW, stage: 'second_review' as const };
    expect(interpretItemKey(press('1'), second)).toEqual({ type: 'verdict', verdict: 'confirm' });
    expect(interpretItemKey(press('2'), second)).toEqual({ type: 'verdict', verdict: 'dispute' });
    // One set of keys for one meaning: the letters are not a second way to say it.
    expect(interpretItemKey(press('c'), second)).toBeNull();
    expect(interpretItemKey(press('x'), second)).toBeNull();
    expect(interpretItemKey(press('3'), second)).toBeNull();
    expect(interpretItemKey(press('t'), second)).toBeNull();
  });

  it('give an explanation its verdict by 1 to 4 in an explanation round, with no note or types', () => {
    const explaining = { ...REVIEW, stage: 'explanation' as const };
    expect(interpretItemKey(press('1'), explaining)).toEqual({ type: 'explanationVerdict', verdict: 'same' });
    expect(interpretItemKey(press('2'), explaining)).toEqual({ type: 'explanationVerdict', verdict: 'partially' });
    expect(interpretItemKey(press('3'), explaining)).toEqual({ type: 'explanationVerdict', verdict: 'different' });
    expect(interpretItemKey(press('4'), explaining)).toEqual({ type: 'explanationVerdict', verdict: 'model_wrong' });
    expect(interpretItemKey(press('5'), explaining)).toBeNull();
    expect(interpretItemKey(press('n'), explaining)).toBeNull();
    expect(interpretItemKey(press('t'), explaining)).toBeNull();
    expect(interpretItemKey(press('1'), { ...explaining, readOnly: true })).toBeNull();
    expect(itemShortcuts('explanation').map((entry) => entry.keys[0])).toEqual(expect.arrayContaining(['1', '2', '3', '4']));
  });

  it('ask only for types in error typing: t, and no note', () => {
    const typing = { ...REVIEW, stage: 'error_typing' as const };
    expect(interpretItemKey(press('t'), typing)).toEqual({ type: 'focusTypes' });
    expect(interpretItemKey(press('n'), typing)).toBeNull();
    expect(interpretItemKey(press('2'), typing)).toBeNull();
  });

  it('leave letters to a text field, where Esc goes back to the item and Ctrl+Enter still submits', () => {
    expect(interpretItemKey(press('j', { inTextField: true }), REVIEW)).toBeNull();
    expect(interpretItemKey(press('2', { inTextField: true }), REVIEW)).toBeNull();
    expect(interpretItemKey(press('Escape', { inTextField: true }), REVIEW)).toEqual({ type: 'leaveField' });
    expect(interpretItemKey(press('Enter', { inTextField: true, ctrlKey: true }), REVIEW)).toEqual({ type: 'submit' });
    expect(interpretItemKey(press('n'), REVIEW)).toEqual({ type: 'focusNote' });
  });

  it('change nothing on a read-only unit, but still move and show the keys', () => {
    const readOnly = { ...REVIEW, readOnly: true };
    expect(interpretItemKey(press('1'), readOnly)).toBeNull();
    expect(interpretItemKey(press('Enter', { ctrlKey: true }), readOnly)).toBeNull();
    expect(interpretItemKey(press('j'), readOnly)).toEqual({ type: 'focusItem', index: 2 });
    expect(interpretItemKey(press('?'), readOnly)).toEqual({ type: 'showShortcuts' });
  });

  it('give an open dialog its keys before focus reaches it', () => {
    const confirming = { ...REVIEW, dialog: 'submit' as const };
    expect(interpretItemKey(press('Enter'), confirming)).toEqual({ type: 'confirmSubmit' });
    expect(interpretItemKey(press('Escape'), confirming)).toEqual({ type: 'closeDialog' });
    expect(interpretItemKey(press('1'), confirming)).toEqual({ type: 'ignore' });
    expect(interpretItemKey(press('Enter', { inDialog: true }), confirming)).toBeNull();
  });

  it('are all on the shortcut sheet of their stage', () => {
    const keys = (stage: ItemKeyContext['stage']) => itemShortcuts(stage).flatMap((shortcut) => shortcut.keys);
    expect(keys('review')).toEqual(expect.arrayContaining(['j', 'k', '1', '2', '3', 't', 'n', '?', 'Ctrl', 'Enter']));
    expect(keys('second_review')).toEqual(expect.arrayContaining(['1', '2', 'n']));
    expect(keys('second_review')).not.toContain('c');
    expect(keys('second_review')).not.toContain('3');
    expect(keys('error_typing')).toContain('t');
    expect(keys('error_typing')).not.toContain('n');
  });
});
