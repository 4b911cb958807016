import type { KeyboardEvent } from 'react';

import { isTextField } from '../focus';

/** A bare digit pressed outside a text field (a sentence's number, a verdict). */
export function isBareDigit(event: KeyboardEvent): boolean {
  return /^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextField(event.target);
}

/**
 * Inside the key-fact and atomic-fact panels a digit means something there (a sentence of the
 * open cell, a verdict) or nothing: never the label of the sentence focused last, which is
 * what the workspace's keys would make of it. A panel's root calls this last.
 */
export function keepDigits(event: KeyboardEvent): void {
  if (isBareDigit(event)) event.preventDefault();
}
