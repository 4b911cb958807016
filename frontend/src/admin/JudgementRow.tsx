import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

interface JudgementRowProps {
  label: string;
  annotators: string[];
  /** The value each annotator gave, as text; compared to mark a disagreement. */
  valueOf: (annotator: string) => string;
  render?: (annotator: string) => ReactNode;
}

/** A row of one question across annotators, highlighted (and said so) when they differ. */
export function JudgementRow({ label, annotators, valueOf, render }: JudgementRowProps) {
  const differ = new Set(annotators.map(valueOf)).size > 1;
  return (
    <Table.Tr data-disagree={differ ? '' : undefined} className={differ ? 'row-disagree' : undefined}>
      <Table.Th scope="row">
        {label}
        {differ && (
          <>
            {' '}
            <span className="row-disagree__mark">(differs)</span>
          </>
        )}
      </Table.Th>
      {annotators.map((annotator) => (
        <Table.Td key={annotator} style={{ whiteSpace: 'pre-wrap' }}>
          {render === undefined ? valueOf(annotator) : render(annotator)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}
