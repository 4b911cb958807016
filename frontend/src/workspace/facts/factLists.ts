// Numbered fact lists (key facts, atomic facts) as pure functions from a list to the next one.
// A save sends the whole list (the server replaces it), so every edit returns a full list
// numbered 1..n in order: a fact is named by its number, and moving or removing one renumbers
// the rest, its alignments, verdict and evidence going with it.

export interface Numbered {
  position: number;
  text: string;
}

function renumbered<T extends Numbered>(items: readonly T[]): T[] {
  return items.map((item, index) => (item.position === index + 1 ? item : { ...item, position: index + 1 }));
}

/** `items` with `item` inserted before the one at `index` (at the end by default). */
export function withInserted<T extends Numbered>(items: readonly T[], item: Omit<T, 'position'>, index = items.length): T[] {
  const next = [...items];
  next.splice(Math.max(0, Math.min(index, items.length)), 0, { ...item, position: 0 } as T);
  return renumbered(next);
}

export function withRemoved<T extends Numbered>(items: readonly T[], position: number): T[] {
  return renumbered(items.filter((item) => item.position !== position));
}

/** The fact at `position` one place up (-1) or down (+1); the list unchanged at either end. */
export function withMoved<T extends Numbered>(items: readonly T[], position: number, step: -1 | 1): T[] {
  const from = position - 1;
  const to = from + step;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return renumbered(next);
}

export function withEdited<T extends Numbered>(items: readonly T[], position: number, change: (item: T) => T): T[] {
  return items.map((item) => (item.position === position ? change(item) : item));
}

/** "2 of 3 (67%)", or "—" when there is nothing to divide by. */
export function ratio(part: number, whole: number): string {
  return whole === 0 ? '—' : `${part} of ${whole} (${Math.round((100 * part) / whole)}%)`;
}

/** A fact's text shortened for a label or a grid row. */
export function shortText(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
