// A summary's atomic facts (ACUs) as pure functions (factLists.ts for the numbering): the list
// on screen in either kind of round, verdicts, and the ACU score.

import type { AtomicVerdict, Evidence, GivenAtomicFact, Summary } from '../../api/types';
import type { AtomicFact } from '../../kinds/atomicFacts';
import { withLink, withNoEvidence } from '../spans/evidenceEdits';
import { shortText, withEdited } from './factLists';
import type { Score } from './keyFactEdits';

/**
 * The atomic facts on screen. Written by the linguist: the saved list. In a round that gives
 * them: the summary's given facts, in order and as given (the server takes nothing else),
 * each with the verdict and evidence saved for it.
 */
export function effectiveAtomicFacts(saved: readonly AtomicFact[], given: readonly GivenAtomicFact[] | null): AtomicFact[] {
  if (given === null) return [...saved];
  return given.map((fact, index) => {
    const mine = saved.find((candidate) => candidate.given === fact.id);
    return {
      position: index + 1,
      text: fact.text,
      given: fact.id,
      sentence: null,
      verdict: mine?.verdict ?? '',
      no_evidence: mine?.no_evidence ?? false,
      evidence: mine?.evidence ?? [],
    };
  });
}

/** A new written fact, split from `sentence`. */
export function writtenFact(text: string, sentence: string | null): Omit<AtomicFact, 'position'> {
  return { text, given: null, sentence, verdict: '', no_evidence: false, evidence: [] };
}

export function setVerdict(facts: readonly AtomicFact[], position: number, verdict: AtomicVerdict): AtomicFact[] {
  return withEdited(facts, position, (fact) => ({ ...fact, verdict }));
}

/** Links evidence in the dialogue to a fact (the one rule of spans/evidenceEdits.ts). */
export function linkFactEvidence(facts: readonly AtomicFact[], position: number, evidence: Evidence): AtomicFact[] {
  return withEdited(facts, position, (fact) => withLink(fact, evidence));
}

export function setFactNoEvidence(facts: readonly AtomicFact[], position: number, none: boolean): AtomicFact[] {
  return withEdited(facts, position, (fact) => withNoEvidence(fact, none));
}

/** Pressing a verdict that is already given takes it back. */
export function toggledVerdict(current: AtomicVerdict, pressed: Exclude<AtomicVerdict, ''>): AtomicVerdict {
  return current === pressed ? '' : pressed;
}

/** ACU score (ACUEval, RoSE): the facts supported by the dialogue ÷ all the summary's facts. */
export function acuScore(facts: readonly AtomicFact[]): Score {
  return { part: facts.filter((fact) => fact.verdict === 'supported').length, whole: facts.length };
}

export const VERDICT_WORDS: Record<AtomicVerdict, string> = {
  supported: 'supported',
  not_supported: 'not supported',
  '': 'no verdict yet',
};

/** A whole list in words, for the conflict panel. */
export function describeAtomicFacts(value: unknown, summary: Summary): string {
  if (!Array.isArray(value)) return '(none)';
  const facts = value as AtomicFact[];
  if (facts.length === 0) return '(no atomic facts)';
  return facts
    .map((fact) => {
      const sentence = summary.sentences.find((candidate) => candidate.id === fact.sentence);
      const evidence = fact.no_evidence
        ? 'no evidence in the dialogue'
        : fact.evidence.length > 0
          ? `evidence in ${fact.evidence.length} place${fact.evidence.length === 1 ? '' : 's'}`
          : '';
      const parts = [VERDICT_WORDS[fact.verdict], sentence && `from sentence ${sentence.number}`, evidence].filter(Boolean);
      return `${fact.position}. “${shortText(fact.text, 80)}” — ${parts.join(', ')}`;
    })
    .join(' · ');
}
