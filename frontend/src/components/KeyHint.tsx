import { Kbd } from '@mantine/core';

/**
 * The key of a button, shown on it (`rightSection={<KeyHint keys="1" />}`).
 *
 * The key is drawn by CSS (styles.css, `.key-hint::after`), not written in the DOM, and the
 * element is hidden from assistive technology: the button announces its key through
 * `aria-keyshortcuts`, and its accessible name (often longer: "Summary A, sentence 1:
 * consistent") must contain the words people see on it, in order, for speech input to work
 * (WCAG 2.5.3 "Label in name"; axe's label-content-name-mismatch). A key as text would put
 * "consistent 1" on screen, which no such name contains.
 */
export function KeyHint({ keys }: { keys: string }) {
  return <Kbd size="xs" aria-hidden="true" className="key-hint" data-key={keys} />;
}
