import { VisuallyHidden } from '@mantine/core';
import { memo } from 'react';

import type { Evidence, Turn } from '../api/types';
import type { TextMatch } from './findMatches';
import { segmentsOf } from './spans/spanText';
import { speakerColor } from './speakerColor';

interface TurnViewProps {
  turn: Turn;
  /** Find-in-dialogue matches in this turn, each with its index in the whole match list. */
  matches: readonly (TextMatch & { index: number })[];
  currentMatch: number;
  /** An evidence hint: among the turns most related to the sentence being judged. */
  hinted: boolean;
  /** The active span's or atomic fact's evidence in this turn, highlighted while it is active. */
  evidence: readonly Evidence[];
  /** What that evidence is for: "span", "atomic fact". */
  evidenceFor?: string;
}

/** One turn: its 1-based number (evidence points at it), the speaker in their colour, the
 * text with find matches and the active span's evidence marked. Focusable, so evidence can be
 * linked to a whole turn from the keyboard. */
export const TurnView = memo(function TurnView({ turn, matches, currentMatch, hinted, evidence, evidenceFor = 'span' }: TurnViewProps) {
  const number = turn.position + 1;
  const ranges = [...matches, ...evidence];
  const classes = ['turn', hinted && 'turn--hint', evidence.length > 0 && 'turn--evidence'].filter(Boolean).join(' ');
  return (
    <li
      className={classes}
      id={`turn-${number}`}
      data-turn-id={turn.id}
      data-hint={hinted || undefined}
      data-evidence={evidence.length > 0 || undefined}
      tabIndex={-1}
      aria-label={`Turn ${number}, ${turn.speaker}`}
    >
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
        {evidence.length > 0 && <span className="turn__evidence-note"> · evidence for the active {evidenceFor}</span>}
      </div>
      <p className="turn__text" data-turn-text={turn.id}>
        {segmentsOf(turn.text, ranges).map((segment) => {
          if (segment.covering.length === 0) return segment.text;
          const match = segment.covering.find((index) => index < matches.length);
          const matchIndex = match === undefined ? undefined : matches[match]?.index;
          const isEvidence = segment.covering.some((index) => index >= matches.length);
          const current = matchIndex !== undefined && matchIndex === currentMatch;
          const className = [
            matchIndex !== undefined && 'find-match',
            current && 'find-match--current',
            isEvidence && 'evidence-mark',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <mark key={segment.start} className={className} data-current-match={current ? '' : undefined}>
              {segment.text}
            </mark>
          );
        })}
      </p>
    </li>
  );
});
