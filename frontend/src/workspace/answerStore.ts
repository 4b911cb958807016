import { applyFields, type Answers } from './answers';
import type { Fields, ItemKey } from './saveQueue';

/**
 * The answers on screen, outside React state so that a change re-renders only the components
 * reading the changed item (`useItem`): answers are immutable and an unchanged item keeps its
 * object, so `useSyncExternalStore` skips every other one.
 */
export class AnswerStore {
  private answers: Answers;
  private readonly listeners = new Set<() => void>();

  constructor(initial: Answers) {
    this.answers = initial;
  }

  get = (): Answers => this.answers;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  apply(key: ItemKey, fields: Fields): void {
    this.answers = applyFields(this.answers, key, fields);
    for (const listener of [...this.listeners]) listener();
  }
}
