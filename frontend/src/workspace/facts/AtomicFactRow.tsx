import { Button, CloseButton, Group, Text } from '@mantine/core';
import { memo, type KeyboardEvent } from 'react';

import { KeyHint } from '../../components/KeyHint';
import type { AtomicVerdict, Summary, Turn } from '../../api/types';
import { MAX_ATOMIC_TEXT, type AtomicFact } from '../../kinds/atomicFacts';
import { EvidenceLinks } from '../spans/EvidenceLinks';
import { toggledVerdict, VERDICT_WORDS } from './atomicFactEdits';
import { FactText } from './FactText';
import { isBareDigit } from './ownDigits';

/** A fact's row (`1`/`2` verdict there) and its text, by `data-nav` id. */
export const acuNav = (summary: string, position: number) => `acu:${summary}:${position}`;
export const acuTextNav = (summary: string, position: number) => `acu_text:${summary}:${position}`;

const VERDICTS: readonly { verdict: Exclude<AtomicVerdict, ''>; label: string; key: string; color: string }[] = [
  // The darkest shades, as the sentence labels: white on teal-9 or red-9 meets WCAG AA.
  { verdict: 'supported', label: '✓ Supported', key: '1', color: 'teal.9' },
  { verdict: 'not_supported', label: '✗ Not supported', key: '2', color: 'red.9' },
];

export interface AtomicFactEdits {
  verdict: (position: number, verdict: AtomicVerdict) => void;
  text: (position: number, text: string) => void;
  move: (position: number, step: -1 | 1) => void;
  remove: (position: number) => void;
  unlink: (position: number, evidence: AtomicFact['evidence'][number]) => void;
  noEvidence: (position: number, none: boolean) => void;
}

interface AtomicFactRowProps {
  fact: AtomicFact;
  summary: Summary;
  count: number;
  /** Written by the linguist (its text editable), not given. */
  written: boolean;
  /** The dialogue links evidence to it now. */
  active: boolean;
  readOnly: boolean;
  turns: readonly Turn[];
  edits: AtomicFactEdits;
  onActivate: (position: number) => void;
  focus: (navId: string) => void;
}

/**
 * One atomic fact: its text (editable when written), the sentence it was split from, its
 * verdict (`1` supported, `2` not supported, or the buttons) and its evidence in the dialogue,
 * linked as an error span's is (the dialogue links to it while it is active: focus it, then
 * select words in a turn, or `d` and Enter on a turn; `o` says there is none).
 */
export const AtomicFactRow = memo(function AtomicFactRow(props: AtomicFactRowProps) {
  const { fact, summary, count, written, active, readOnly, turns, edits, focus } = props;
  const position = fact.position;
  const name = `atomic fact ${position} of summary ${summary.label}`;
  const sentence = summary.sentences.find((candidate) => candidate.id === fact.sentence);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (isBareDigit(event)) {
      event.preventDefault();
      if (event.key === '1' || event.key === '2') {
        const pressed = event.key === '1' ? 'supported' : 'not_supported';
        if (!readOnly) edits.verdict(position, toggledVerdict(fact.verdict, pressed));
      }
      return;
    }
    // The row's own keys: from the row itself, not from a control in it.
    if (!(event.target instanceof HTMLElement) || !event.target.matches('[data-acu-row]')) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'ArrowDown' && position < count) focus(acuNav(summary.id, position + 1));
    else if (event.key === 'ArrowUp' && position > 1) focus(acuNav(summary.id, position - 1));
    else if (event.key === 'Enter' && written && !readOnly) focus(acuTextNav(summary.id, position));
    else return;
    event.preventDefault();
  }

  return (
    <li className="fact-item atomic-fact" data-active={active || undefined} onKeyDown={onKeyDown}>
      <div
        role="group"
        tabIndex={0}
        className="atomic-fact__row"
        data-acu-row=""
        data-nav={acuNav(summary.id, position)}
        aria-label={`Atomic fact ${position} of summary ${summary.label}: ${VERDICT_WORDS[fact.verdict]}`}
        aria-keyshortcuts={`1 2 d o ArrowUp ArrowDown${written ? ' Enter' : ''}`}
        onFocus={() => props.onActivate(position)}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <span className="fact-item__number" aria-hidden="true">
            {position}
          </span>
          {written ? (
            <FactText
              label={`Text of ${name}`}
              value={fact.text}
              readOnly={readOnly}
              maxLength={MAX_ATOMIC_TEXT}
              navId={acuTextNav(summary.id, position)}
              keys="Enter"
              onChange={(text) => edits.text(position, text)}
              onEnter={() => focus(acuNav(summary.id, position))}
              onEscape={() => focus(acuNav(summary.id, position))}
              onMove={(step) => edits.move(position, step)}
              onRemove={() => edits.remove(position)}
            />
          ) : (
            <Text size="sm" className="atomic-fact__text">
              {fact.text}
            </Text>
          )}
          {written && !readOnly && (
            <CloseButton size="sm" mt={6} aria-label={`Remove ${name}`} aria-keyshortcuts="Backspace" onClick={() => edits.remove(position)} />
          )}
        </Group>
        {sentence !== undefined && (
          <Text size="xs" c="dimmed" ml="lg">
            From sentence {sentence.number}
          </Text>
        )}
        <Group gap="xs" mt={4} ml="lg">
          {VERDICTS.map((choice) => {
            const chosen = fact.verdict === choice.verdict;
            return (
              <Button
                key={choice.verdict}
                size="compact-sm"
                color={choice.color}
                variant={chosen ? 'filled' : 'default'}
                aria-pressed={chosen}
                aria-label={`${name[0]?.toUpperCase()}${name.slice(1)}: ${VERDICT_WORDS[choice.verdict]}`}
                aria-keyshortcuts={choice.key}
                aria-disabled={readOnly || undefined}
                data-readonly={readOnly || undefined}
                className="label-toggle"
                onClick={() => {
                  if (!readOnly) edits.verdict(position, toggledVerdict(fact.verdict, choice.verdict));
                }}
                rightSection={<KeyHint keys={choice.key} />}
              >
                {choice.label}
              </Button>
            );
          })}
        </Group>
        <div className="atomic-fact__evidence">
          <EvidenceLinks
            label={name}
            evidence={fact.evidence}
            noEvidence={fact.no_evidence}
            turns={turns}
            active={active}
            readOnly={readOnly}
            required={false}
            onUnlink={(evidence) => edits.unlink(position, evidence)}
            onNoEvidence={(none) => edits.noEvidence(position, none)}
          />
        </div>
      </div>
    </li>
  );
});
