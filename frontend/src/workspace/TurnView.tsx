import { VisuallyHidden } from '@mantine/core';
import { memo } from 'react';

import type { Turn } from '../api/types';
import { segmentText, type TextMatch } from './findMatches';
import { speakerColor } from './speakerColor';

interface TurnViewProps {
  turn: Turn;
  index: number;
  matches: readonly TextMatch[];
  currentMatch: number;
  /** An evidence hint: among the turns most related to the sentence being judged. */
  hinted: boolean;
}

/** One turn: its 1-based number (evidence will point at it), the speaker in their colour, the text. */
export const TurnView = memo(function TurnView({ turn, index, matches, currentMatch, hinted }: TurnViewProps) {
  const number = turn.position + 1;
  return (
    <li className={hinted ? 'turn turn--hint' : 'turn'} id={`turn-${number}`} data-hint={hinted || undefined}>
      <div className="turn__head">
        <span className="turn__number">
          <VisuallyHidden>Turn </VisuallyHidden>
          {number}
        </span>{' '}
        <span className="turn__speaker" style={{ color: speakerColor(turn.speaker) }}>
          {turn.speaker}
        </span>
        {turn.role !== '' && <span className="turn__role"> ({turn.role})</span>}
        {/* Where to look, never what to answer (hints come from words, not labels). */}
        {hinted && <span className="turn__hint"> · related to this sentence</span>}
      </div>
      <p className="turn__text">
        {segmentText(turn.text, matches, index).map((segment, position) =>
          segment.match === null ? (
            segment.text
          ) : (
            <mark
              key={position}
              className={segment.match === currentMatch ? 'find-match find-match--current' : 'find-match'}
              data-current-match={segment.match === currentMatch ? '' : undefined}
            >
              {segment.text}
            </mark>
          ),
        )}
      </p>
    </li>
  );
});
