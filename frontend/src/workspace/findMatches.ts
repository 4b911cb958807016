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

export interface Segment {
  text: string;
  /** Index into the match list, or null for plain text. */
  match: number | null;
}

/** Splits one turn's text into plain and matched segments for rendering with `<mark>`. */
export function segmentText(text: string, matches: readonly TextMatch[], turn: number): Segment[] {
  const segments: Segment[] = [];
  let cursor = 0;
  matches.forEach((match, index) => {
    if (match.turn !== turn) return;
    if (match.start > cursor) segments.push({ text: text.slice(cursor, match.start), match: null });
    segments.push({ text: text.slice(match.start, match.end), match: index });
    cursor = match.end;
  });
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: null });
  return segments;
}
