import { Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

import type { AdminTurn } from '../api/types';
import { segmentsOf } from '../workspace/spans/spanText';
import { speakerColor } from '../workspace/speakerColor';
import { useEvidenceFocus } from './evidenceFocus';

/** The dialogue with turn numbers and speakers in the same colours as in the workspace, and
 * the evidence of the span chosen in the comparison marked. */
export function AdminDialogue({ title, turns }: { title: string; turns: AdminTurn[] }) {
  const headingId = useId();
  const { shown } = useEvidenceFocus();
  const ordered = [...turns].sort((a, b) => a.position - b.position);
  return (
    // Focusable: it scrolls on its own, and a keyboard user scrolls it with the arrow keys.
    <section aria-labelledby={headingId} className="compare-pane compare-pane--dialogue" tabIndex={0}>
      <Title order={2} id={headingId} className="pane-title" mb={4}>
        Dialogue
      </Title>
      <p className="compare-pane__subtitle">{title}</p>
      {shown !== null && (
        <p className="linking-banner" role="status">
          Evidence of {shown.name}
          {shown.evidence.length === 0 ? ': none linked.' : ', marked below.'}
        </p>
      )}
      <ol className="dialogue plain-list">
        {ordered.map((turn) => {
          const evidence = shown?.evidence.filter((item) => item.turn === turn.id) ?? [];
          return (
          <li
            className={evidence.length > 0 ? 'turn turn--evidence' : 'turn'}
            key={turn.id}
            data-turn-id={turn.id}
            data-evidence={evidence.length > 0 || undefined}
          >
            <div className="turn__head">
              <span className="turn__number">
                <VisuallyHidden>Turn </VisuallyHidden>
                {turn.position + 1}
              </span>{' '}
              <span className="turn__speaker" style={{ color: speakerColor(turn.speaker) }}>
                {turn.speaker}
              </span>
              {turn.role !== '' && <span className="turn__role"> ({turn.role})</span>}
            </div>
            <p className="turn__text">
              {segmentsOf(turn.text, evidence).map((segment) =>
                segment.covering.length === 0 ? (
                  segment.text
                ) : (
                  <mark key={segment.start} className="evidence-mark">
                    {segment.text}
                  </mark>
                ),
              )}
            </p>
          </li>
          );
        })}
      </ol>
    </section>
  );
}
