// Splits a unified diff (as `difflib.unified_diff` writes it) into lines to colour.

export type DiffLineKind = 'file' | 'hunk' | 'added' | 'removed' | 'context' | 'meta';

export interface DiffLine {
  kind: DiffLineKind;
  /** The line as sent, including its leading `+`, `-` or space. */
  text: string;
}

const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/**
 * Within a hunk, lines are read by the counts its header announces, so a removed line that
 * itself starts with "--" (a Markdown rule "---" becomes "----") is not taken for a file header.
 */
export function diffLines(diff: string): DiffLine[] {
  const lines = diff.split('\n');
  if (lines.at(-1) === '') lines.pop(); // the diff's final newline
  const result: DiffLine[] = [];
  let oldLeft = 0;
  let newLeft = 0;
  for (const text of lines) {
    const inHunk = oldLeft > 0 || newLeft > 0;
    if (text.startsWith('\\')) {
      result.push({ kind: 'meta', text }); // "\ No newline at end of file"
    } else if (!inHunk && (text.startsWith('--- ') || text.startsWith('+++ ') || text === '---' || text === '+++')) {
      result.push({ kind: 'file', text });
    } else if (!inHunk && text.startsWith('@@')) {
      const match = HUNK.exec(text);
      // A missing count means 1; an unreadable header leaves the counts at 0 (read line by line).
      oldLeft = match === null ? 0 : Number(match[1] ?? 1);
      newLeft = match === null ? 0 : Number(match[2] ?? 1);
      result.push({ kind: 'hunk', text });
    } else if (text.startsWith('+')) {
      newLeft = Math.max(0, newLeft - 1);
      result.push({ kind: 'added', text });
    } else if (text.startsWith('-')) {
      oldLeft = Math.max(0, oldLeft - 1);
      result.push({ kind: 'removed', text });
    } else if (text.startsWith('@@')) {
      result.push({ kind: 'hunk', text });
    } else {
      oldLeft = Math.max(0, oldLeft - 1);
      newLeft = Math.max(0, newLeft - 1);
      result.push({ kind: 'context', text });
    }
  }
  return result;
}
