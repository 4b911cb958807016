// Find in the dialogue: every case-insensitive occurrence of the query, turn by turn.

export interface TextMatch {
  /** Index of the turn in the dialogue. */
  turn: number;
  start: number;
  end: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function findMatches(texts: readonly string[], query: string): TextMatch[] {
  const needle = query.trim();
  if (needle === '') return [];
  // A RegExp keeps indexes on the original text (lower-casing can change a string's length).
  const pattern = new RegExp(escapeRegExp(needle), 'giu');
  const matches: TextMatch[] = [];
  texts.forEach((text, turn) => {
    for (const found of text.matchAll(pattern)) {
      matches.push({ turn, start: found.index, end: found.index + found[0].length });
    }
  });
  return matches;
}
