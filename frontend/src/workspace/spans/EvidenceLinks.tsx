import { Checkbox, CloseButton, Kbd, Text } from '@mantine/core';

import type { Evidence, Turn } from '../../api/types';
import { scrollToTurn } from './activeSpan';
import { quote } from './spanText';

export function evidenceLabel(evidence: Evidence, turns: readonly Turn[]): string {
  const turn = turns.find((candidate) => candidate.id === evidence.turn);
  if (turn === undefined) return `Turn ?`;
  const whole = evidence.start === 0 && evidence.end === turn.text.length;
  return `Turn ${turn.position + 1}: ${whole ? 'the whole turn' : quote(turn.text, evidence, 40)}`;
}

interface EvidenceLinksProps {
  /** What the evidence is for, in words: "span 1 of Summary B, sentence 2", "atomic fact 3 of summary A". */
  label: string;
  evidence: readonly Evidence[];
  noEvidence: boolean;
  turns: readonly Turn[];
  /** It is the active item: the dialogue links evidence to it now. */
  active: boolean;
  readOnly: boolean;
  /** Evidence (or "none in the dialogue") is required, and missing is said. */
  required: boolean;
  onUnlink: (evidence: Evidence) => void;
  onNoEvidence: (none: boolean) => void;
}

/**
 * The evidence linked to one item (an error span or an atomic fact): each piece a chip that
 * scrolls the dialogue to it and can be unlinked; how to link more while the item is active
 * (select words in the dialogue, or `d` then Enter on a turn); and "No evidence in the
 * dialogue", the explicit answer when there is nothing to point at. The one evidence-linking
 * control of the workspace: DialoguePane's `linking` does the linking itself.
 */
export function EvidenceLinks({ label, evidence, noEvidence, turns, active, readOnly, required, onUnlink, onNoEvidence }: EvidenceLinksProps) {
  return (
    <div className="span-item__evidence">
      {evidence.length > 0 && (
        <ul className="plain-list" aria-label={`Evidence for ${label}`}>
          {evidence.map((item) => (
            <li key={`${item.turn}:${item.start}`} className="evidence-chip">
              <button type="button" className="evidence-chip__go" aria-keyshortcuts="d" onClick={() => scrollToTurn(item.turn)}>
                {evidenceLabel(item, turns)}
              </button>
              {!readOnly && (
                <CloseButton
                  size="xs"
                  aria-label={`Unlink ${evidenceLabel(item, turns)} from ${label}`}
                  onClick={() => onUnlink(item)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {active && !readOnly && !noEvidence && (
        <Text size="xs" c="dimmed">
          Select the evidence in the dialogue, or press <Kbd size="xs">d</Kbd> and Enter on a turn to take it whole.
        </Text>
      )}
      {evidence.length === 0 && (
        <Checkbox
          size="xs"
          mt={4}
          label="No evidence in the dialogue (extrinsic information)"
          aria-label={`No evidence in the dialogue for ${label}`}
          aria-keyshortcuts="o"
          checked={noEvidence}
          disabled={readOnly}
          onChange={(event) => onNoEvidence(event.currentTarget.checked)}
        />
      )}
      {required && evidence.length === 0 && !noEvidence && (
        <Text size="xs" c="orange.9">
          Needs evidence, or “No evidence in the dialogue”.
        </Text>
      )}
    </div>
  );
}
