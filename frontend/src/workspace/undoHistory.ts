// Undo and redo of the workspace's last changes (Ctrl+Z, Ctrl+Shift+Z). Plain TypeScript, no
// React, so its rules are unit-tested. It only remembers: an undo or a redo is applied by the
// caller as one more change through the same save queue, so it carries the version the item
// has now, is refused with a 409 when someone else saved meanwhile, and is audited like any
// save (docs/workspace.md, "Undo").

import type { Fields, ItemKey } from './saveQueue';

/** One change: the item, its fields as they were, and as the change left them. */
export interface UndoStep {
  key: ItemKey;
  before: Fields;
  after: Fields;
}

interface Entry extends UndoStep {
  /** Typed text: the next keystroke in the same field joins this step. */
  typing: boolean;
}

/** How many steps are kept: enough for a unit's work, bounded so a long session stays small. */
export const UNDO_LIMIT = 200;

function sameFields(left: Fields, right: Fields): boolean {
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((field) => field in right);
}

function equal(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

export class UndoHistory {
  private done: Entry[] = [];
  private undone: Entry[] = [];

  /**
   * Remembers a change the person made. `before` holds each changed field's value before it.
   * Keystrokes in one text field are one step (the typing of an explanation is undone whole,
   * not letter by letter); a change that changes nothing is not a step. A new change ends
   * what could be redone, as in every editor.
   */
  record(key: ItemKey, before: Fields, after: Fields, options: { typing?: boolean } = {}): void {
    if (Object.keys(after).every((field) => equal(before[field], after[field]))) return;
    const typing = options.typing === true;
    const last = this.done[this.done.length - 1];
    this.undone = [];
    if (typing && last !== undefined && last.typing && last.key === key && sameFields(last.after, after)) {
      last.after = { ...after };
      // Typed and then erased back to what it was: nothing is left to undo there.
      if (Object.keys(after).every((field) => equal(last.before[field], after[field]))) this.done.pop();
      return;
    }
    this.done.push({ key, before: { ...before }, after: { ...after }, typing });
    if (this.done.length > UNDO_LIMIT) this.done.shift();
  }

  /** The step to take back (apply its `before`), or null when there is none. */
  undo(): UndoStep | null {
    const step = this.done.pop();
    if (step === undefined) return null;
    this.undone.push(step);
    return { key: step.key, before: step.before, after: step.after };
  }

  /** The step to make again (apply its `after`), or null when there is none. */
  redo(): UndoStep | null {
    const step = this.undone.pop();
    if (step === undefined) return null;
    // A redone step never absorbs later typing: it is a finished change.
    this.done.push({ ...step, typing: false });
    return { key: step.key, before: step.before, after: step.after };
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }
}
