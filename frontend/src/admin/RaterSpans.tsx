import { Button, Text } from '@mantine/core';

import type { AdminSpan } from '../api/types';
import { segmentsOf } from '../workspace/spans/spanText';
import { turnNumber, useEvidenceFocus } from './evidenceFocus';

interface RaterSpansProps {
  annotator: string;
  sentenceText: string;
  spans: readonly AdminSpan[];
}

/** One annotator's error spans on a sentence: the sentence with their spans underlined, then
 * each span with its type and evidence. Choosing a span shows its evidence in the dialogue. */
export function RaterSpans({ annotator, sentenceText, spans }: RaterSpansProps) {
  const { turns, shown, show } = useEvidenceFocus();
  if (spans.length === 0) {
    return (
      <Text span size="sm" c="dimmed">
        None
      </Text>
    );
  }
  return (
    <div className="rater-spans">
      <p className="rater-spans__sentence">
        {segmentsOf(sentenceText, spans).map((segment) =>
          segment.covering.length === 0 ? (
            segment.text
          ) : (
            <span key={segment.start} className="error-span">
              {segment.text}
            </span>
          ),
        )}
      </p>
      <ul className="plain-list">
        {spans.map((span) => {
          const name = `“${span.text}” (${annotator})`;
          const active = shown?.name === name;
          return (
            <li key={span.start} className="rater-spans__item">
              <Button
                size="compact-xs"
                variant={active ? 'filled' : 'light'}
                aria-pressed={active}
                aria-label={`Show the evidence of ${name} in the dialogue`}
                onClick={() => {
                  show(active ? null : { annotator, name, evidence: span.evidence });
                  const first = span.evidence[0];
                  if (!active && first !== undefined) {
                    document.querySelector(`[data-turn-id="${first.turn}"]`)?.scrollIntoView?.({ block: 'nearest' });
                  }
                }}
              >
                “{span.text}”
              </Button>{' '}
              <Text span size="xs">
                {span.error_type ?? 'no type'}
              </Text>
              <Text size="xs" c="dimmed">
                {span.no_evidence
                  ? 'No evidence in the dialogue'
                  : span.evidence.length === 0
                    ? 'No evidence linked'
                    : span.evidence
                        .map((item) => `Turn ${turnNumber(turns, item.turn) ?? '?'}: “${item.text}”`)
                        .join('; ')}
              </Text>
              {span.note !== '' && <Text size="xs">Note: {span.note}</Text>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The spans as text, to tell whether two annotators marked the same. */
export function spansSignature(spans: readonly AdminSpan[] | undefined): string {
  return JSON.stringify((spans ?? []).map((span) => [span.start, span.end, span.error_type, span.no_evidence, span.evidence.map((e) => [e.turn, e.start, e.end])]));
}
