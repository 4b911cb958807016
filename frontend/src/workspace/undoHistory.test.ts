import { describe, expect, it } from 'vitest';

import { UndoHistory } from './undoHistory';

describe('the undo history', () => {
  it('takes changes back last first, and redoes them in order', () => {
    const history = new UndoHistory();
    history.record('sentence:a', { label: '' }, { label: 'consistent' });
    history.record('sentence:b', { label: '' }, { label: 'inconsistent' });
    expect(history.undo()).toEqual({ key: 'sentence:b', before: { label: '' }, after: { label: 'inconsistent' } });
    expect(history.undo()).toEqual({ key: 'sentence:a', before: { label: '' }, after: { label: 'consistent' } });
    expect(history.undo()).toBeNull();
    expect(history.redo()?.after).toEqual({ label: 'consistent' });
    expect(history.redo()?.after).toEqual({ label: 'inconsistent' });
    expect(history.redo()).toBeNull();
  });

  it('undoes the typing of one field as one step, but two labels as two', () => {
    const history = new UndoHistory();
    history.record('sentence:a', { label: '' }, { label: 'inconsistent' });
    history.record('sentence:a', { explanation: '' }, { explanation: 'T' }, { typing: true });
    history.record('sentence:a', { explanation: 'T' }, { explanation: 'Tu' }, { typing: true });
    history.record('sentence:a', { explanation: 'Tu' }, { explanation: 'Turn 2' }, { typing: true });
    history.record('sentence:a', { label: 'inconsistent' }, { label: 'consistent' });
    history.record('sentence:a', { label: 'consistent' }, { label: 'inconsistent' });
    expect(history.undo()?.before).toEqual({ label: 'consistent' });
    expect(history.undo()?.before).toEqual({ label: 'inconsistent' });
    expect(history.undo()).toEqual({ key: 'sentence:a', before: { explanation: '' }, after: { explanation: 'Turn 2' } });
    expect(history.undo()?.before).toEqual({ label: '' });
  });

  it('forgets typing erased back to what it was, so the next undo is the change before it', () => {
    const history = new UndoHistory();
    history.record('sentence:a', { label: 'consistent' }, { label: 'inconsistent' });
    history.record('sentence:a', { explanation: '' }, { explanation: 'B' }, { typing: true });
    history.record('sentence:a', { explanation: 'B' }, { explanation: '' }, { typing: true });
    expect(history.undo()?.before).toEqual({ label: 'consistent' });
  });

  it('keeps no step for a change that changes nothing, and forgets the redos after a new change', () => {
    const history = new UndoHistory();
    history.record('summary:s', { relevance: 3 }, { relevance: 3 });
    expect(history.canUndo).toBe(false);
    history.record('summary:s', { relevance: null }, { relevance: 3 });
    history.undo();
    expect(history.canRedo).toBe(true);
    history.record('summary:s', { relevance: null }, { relevance: 5 });
    expect(history.canRedo).toBe(false);
    expect(history.redo()).toBeNull();
  });
});
