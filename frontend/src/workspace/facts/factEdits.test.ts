import { describe, expect, it } from 'vitest';

import type { Summary } from '../../api/types';
import type { AtomicFact } from '../../kinds/atomicFacts';
import type { KeyFact } from '../../kinds/keyFacts';
import { acuScore, effectiveAtomicFacts, linkFactEvidence, setFactNoEvidence, toggledVerdict } from './atomicFactEdits';
import { ratio, withInserted, withMoved, withRemoved } from './factLists';
import {
  completeness,
  conciseness,
  coverageOf,
  describeKeyFacts,
  effectiveKeyFacts,
  nextCoverage,
  setCoverage,
  toggleSentence,
} from './keyFactEdits';

const SUMMARY_A: Summary = {
  id: 'summary-a',
  label: 'A',
  given_atomic_facts: [],
  sentences: [
    { id: 'a1', number: 1, text: 'One.', hints: [] },
    { id: 'a2', number: 2, text: 'Two.', hints: [] },
    { id: 'a3', number: 3, text: 'Three.', hints: [] },
  ],
};
const SUMMARY_B: Summary = { id: 'summary-b', label: 'B', given_atomic_facts: [], sentences: [{ id: 'b1', number: 1, text: 'Only.', hints: [] }] };

const fact = (position: number, text = `Fact ${position}.`): KeyFact => ({ position, text, given: null, alignments: [] });

describe('numbered fact lists', () => {
  it('renumber 1..n after an insert, a removal or a move, the fact taking its alignments along', () => {
    let facts = [fact(1, 'first'), fact(2, 'second')];
    facts = withInserted<KeyFact>(facts, { text: 'new', given: null, alignments: [] }, 1);
    expect(facts.map((item) => [item.position, item.text])).toEqual([[1, 'first'], [2, 'new'], [3, 'second']]);
    facts = setCoverage(facts, 3, 'summary-b', 'covered');
    facts = withMoved(facts, 3, -1);
    expect(facts.map((item) => item.text)).toEqual(['first', 'second', 'new']);
    expect(coverageOf(facts[1]!, 'summary-b')).toBe('covered');
    expect(withMoved(facts, 1, -1)).toEqual(facts); // the top stays the top
    expect(withRemoved(facts, 1).map((item) => [item.position, item.text])).toEqual([[1, 'second'], [2, 'new']]);
  });

  it('state a ratio in words', () => {
    expect(ratio(2, 3)).toBe('2 of 3 (67%)');
    expect(ratio(0, 0)).toBe('—');
  });
});

describe('key-fact alignment', () => {
  it('has three states per cell; one key toggles stated / not stated, keeping the order decided', () => {
    let facts = [fact(1)];
    expect(coverageOf(facts[0]!, 'summary-b')).toBe('undecided');
    expect(nextCoverage('undecided')).toBe('covered');
    expect(nextCoverage('covered')).toBe('not_covered');
    expect(nextCoverage('not_covered')).toBe('covered');
    facts = setCoverage(facts, 1, 'summary-b', 'not_covered');
    facts = setCoverage(facts, 1, 'summary-a', 'covered');
    expect(facts[0]!.alignments.map((alignment) => alignment.summary)).toEqual(['summary-b', 'summary-a']);
    facts = setCoverage(facts, 1, 'summary-b', 'undecided');
    expect(facts[0]!.alignments.map((alignment) => alignment.summary)).toEqual(['summary-a']);
  });

  it('marks sentences in reading order, which says the summary states the fact; not stated drops them', () => {
    let facts = [fact(1)];
    facts = toggleSentence(facts, 1, SUMMARY_A, 'a3');
    facts = toggleSentence(facts, 1, SUMMARY_A, 'a1');
    expect(facts[0]!.alignments).toEqual([{ summary: 'summary-a', covered: true, sentences: [{ sentence: 'a1' }, { sentence: 'a3' }] }]);
    facts = toggleSentence(facts, 1, SUMMARY_A, 'a3');
    expect(facts[0]!.alignments[0]!.sentences).toEqual([{ sentence: 'a1' }]);
    expect(toggleSentence(facts, 1, SUMMARY_A, 'b1')).toEqual(facts); // not this summary's
    facts = setCoverage(facts, 1, 'summary-a', 'not_covered');
    expect(facts[0]!.alignments[0]).toEqual({ summary: 'summary-a', covered: false, sentences: [] });
  });

  it('scores completeness and conciseness per summary as FineSurE does', () => {
    let facts = [fact(1), fact(2), fact(3)];
    facts = toggleSentence(facts, 1, SUMMARY_A, 'a1');
    facts = toggleSentence(facts, 2, SUMMARY_A, 'a1');
    facts = setCoverage(facts, 3, 'summary-a', 'not_covered');
    facts = toggleSentence(facts, 3, SUMMARY_B, 'b1');
    expect(completeness(facts, 'summary-a')).toEqual({ part: 2, whole: 3 });
    expect(conciseness(facts, SUMMARY_A)).toEqual({ part: 1, whole: 3 });
    expect(completeness(facts, 'summary-b')).toEqual({ part: 1, whole: 3 });
    expect(conciseness(facts, SUMMARY_B)).toEqual({ part: 1, whole: 1 });
    expect(describeKeyFacts(facts, [SUMMARY_A, SUMMARY_B])).toBe(
      '1. “Fact 1.” — A states it (sentence 1) · 2. “Fact 2.” — A states it (sentence 1) · 3. “Fact 3.” — A does not state it; B states it (sentence 1)',
    );
  });

  it('shows a given list as given, each fact with the alignments saved for it', () => {
    const saved: KeyFact[] = [{ position: 1, text: 'Old text', given: 72, alignments: [{ summary: 'summary-a', covered: false, sentences: [] }] }];
    const given = [
      { id: 71, position: 1, text: 'The council voted.' },
      { id: 72, position: 5, text: 'Funding is open.' },
    ];
    expect(effectiveKeyFacts(saved, given)).toEqual([
      { position: 1, text: 'The council voted.', given: 71, alignments: [] },
      { position: 2, text: 'Funding is open.', given: 72, alignments: [{ summary: 'summary-a', covered: false, sentences: [] }] },
    ]);
    expect(effectiveKeyFacts(saved, null)).toEqual(saved);
  });
});

describe('atomic facts', () => {
  const acu = (position: number, extra: Partial<AtomicFact> = {}): AtomicFact => ({
    position,
    text: `Claim ${position}.`,
    given: null,
    sentence: null,
    verdict: '',
    no_evidence: false,
    evidence: [],
    ...extra,
  });

  it('score supported ÷ all, a fact without a verdict counting as not supported yet', () => {
    expect(acuScore([acu(1, { verdict: 'supported' }), acu(2, { verdict: 'not_supported' }), acu(3)])).toEqual({ part: 1, whole: 3 });
    expect(toggledVerdict('supported', 'supported')).toBe('');
    expect(toggledVerdict('', 'not_supported')).toBe('not_supported');
  });

  it('link evidence as spans do: evidence and "none in the dialogue" exclude each other', () => {
    const none = setFactNoEvidence([acu(1)], 1, true);
    expect(none[0]).toMatchObject({ no_evidence: true, evidence: [] });
    const linked = linkFactEvidence(none, 1, { turn: 3, start: 0, end: 5 });
    expect(linked[0]).toMatchObject({ no_evidence: false, evidence: [{ turn: 3, start: 0, end: 5 }] });
  });

  it('show given ones as given, with the verdicts saved for them', () => {
    const saved = [acu(1, { given: 'acu-9', verdict: 'supported', text: 'changed?' })];
    expect(effectiveAtomicFacts(saved, [{ id: 'acu-8', position: 1, text: 'A.' }, { id: 'acu-9', position: 2, text: 'B.' }])).toEqual([
      acu(1, { given: 'acu-8', text: 'A.' }),
      acu(2, { given: 'acu-9', text: 'B.', verdict: 'supported' }),
    ]);
  });
});
