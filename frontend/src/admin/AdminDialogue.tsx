import { Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';

import type { AdminTurn } from '../api/types';
import { speakerColor } from '../workspace/speakerColor';

/** The dialogue with turn numbers and speakers in the same colours as in the workspace. */
export function AdminDialogue({ title, turns }: { title: string; turns: AdminTurn[] }) {
  const headingId = useId();
  const ordered = [...turns].sort((a, b) => a.position - b.position);
  return (
    <section aria-labelledby={headingId} className="compare-pane compare-pane--dialogue">
      <Title order={2} id={headingId} className="pane-title" mb={4}>
        Dialogue
      </Title>
      <p className="compare-pane__subtitle">{title}</p>
      <ol className="dialogue plain-list">
        {ordered.map((turn) => (
          <li className="turn" key={turn.id}>
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
            <p className="turn__text">{turn.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
