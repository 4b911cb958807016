// The browser's text selection as character offsets in one element's text. The sentence and
// turn texts hold only their text (underlines and marks are elements around it, and type
// tags are CSS content), so an offset in the element's text is an offset in the sentence or
// turn: the same numbers the server checks.

import type { Range } from './spanText';

function offsetIn(container: Node, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(container, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** The current selection as `[start, end)` in `container`'s text, or null when nothing is
 * selected or the selection does not lie wholly inside it. */
export function selectionIn(container: Element): Range | null {
  const selection = window.getSelection();
  if (selection === null || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return null;
  const start = offsetIn(container, range.startContainer, range.startOffset);
  const end = offsetIn(container, range.endContainer, range.endOffset);
  return end > start ? { start, end } : null;
}

/** Drops the selection once it has been turned into a span or evidence, so it does not
 * linger looking like a second, unsaved one. */
export function clearSelection(): void {
  window.getSelection()?.removeAllRanges();
}
