import { VisuallyHidden } from '@mantine/core';

import { diffLines, type DiffLineKind } from './diffLines';

/** Screen readers hear what the colour shows. */
const SPOKEN: Partial<Record<DiffLineKind, string>> = { added: 'Added: ', removed: 'Removed: ' };

/** A unified diff in monospace: added lines green, removed red, hunk headers dimmed. */
export function DiffView({ diff, label }: { diff: string; label: string }) {
  const lines = diffLines(diff);
  if (lines.length === 0) return <p>The two versions are identical.</p>;
  return (
    <pre className="diff" aria-label={label} tabIndex={0}>
      {lines.map((line, index) => (
        <span key={index} className={`diff__line diff__line--${line.kind}`} data-kind={line.kind}>
          {SPOKEN[line.kind] !== undefined && <VisuallyHidden>{SPOKEN[line.kind]}</VisuallyHidden>}
          {line.text === '' ? ' ' : line.text}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}
