// Key facts and their alignment to the summaries, as pure functions (factLists.ts for the
// numbering): the list on screen in either kind of round, the three states of a (fact,
// summary) cell, the sentences that state a fact, and the linguist's own scores.

import type { GivenFact, Handle, KeyFactAlignment, Summary } from '../../api/types';
import type { KeyFact } from '../../kinds/keyFacts';
import { shortText, withEdited } from './factLists';

/** A (key fact, summary) cell: not decided yet, stated by the summary, or not stated. */
export type Coverage = 'undecided' | 'covered' | 'not_covered';

/**
 * The key facts on screen. Written by the linguist: the saved list. In a round that aligns a
 * given list: the given facts, in order and as given (the server takes nothing else), each
 * with the alignments saved for it.
 */
export function effectiveKeyFacts(saved: readonly KeyFact[], given: readonly GivenFact[] | null): KeyFact[] {
  if (given === null) return [...saved];
  return given.map((fact, index) => ({
    position: index + 1,
    text: fact.text,
    given: fact.id,
    alignments: saved.find((mine) => mine.given === fact.id)?.alignments ?? [],
  }));
}

export function alignmentOf(fact: KeyFact, summary: Handle): KeyFactAlignment | undefined {
  return fact.alignments.find((alignment) => alignment.summary === summary);
}

export function coverageOf(fact: KeyFact, summary: Handle): Coverage {
  const alignment = alignmentOf(fact, summary);
  if (alignment === undefined) return 'undecided';
  return alignment.covered ? 'covered' : 'not_covered';
}

/** What one press of the toggle key makes of a cell: covered first, then back and forth. */
export function nextCoverage(coverage: Coverage): Coverage {
  return coverage === 'covered' ? 'not_covered' : 'covered';
}

/** A fact's alignments with `summary`'s replaced (added last when new: they keep the order
 * they were decided in), or removed. */
function withAlignment(fact: KeyFact, summary: Handle, alignment: KeyFactAlignment | null): KeyFact {
  const index = fact.alignments.findIndex((candidate) => candidate.summary === summary);
  const alignments = [...fact.alignments];
  if (alignment === null) {
    if (index >= 0) alignments.splice(index, 1);
  } else if (index >= 0) {
    alignments[index] = alignment;
  } else {
    alignments.push(alignment);
  }
  return { ...fact, alignments };
}

/** Decides a cell. A stated fact keeps the sentences already marked; a fact not stated has none. */
export function setCoverage(facts: readonly KeyFact[], position: number, summary: Handle, coverage: Coverage): KeyFact[] {
  return withEdited(facts, position, (fact) => {
    const current = alignmentOf(fact, summary);
    if (coverage === 'undecided') return withAlignment(fact, summary, null);
    if (coverage === 'covered') {
      return withAlignment(fact, summary, { summary, covered: true, sentences: current?.covered ? current.sentences : [] });
    }
    return withAlignment(fact, summary, { summary, covered: false, sentences: [] });
  });
}

/**
 * Marks or unmarks `sentence` of `summary` as stating the fact. Marking one says the summary
 * states it. The sentences are kept in the summary's reading order.
 */
export function toggleSentence(facts: readonly KeyFact[], position: number, summary: Summary, sentence: Handle): KeyFact[] {
  const order = summary.sentences.map((candidate) => candidate.id);
  if (!order.includes(sentence)) return [...facts];
  return withEdited(facts, position, (fact) => {
    const current = alignmentOf(fact, summary.id);
    const marked = new Set(current?.covered ? current.sentences.map((item) => item.sentence) : []);
    if (marked.has(sentence)) marked.delete(sentence);
    else marked.add(sentence);
    const sentences = order.filter((handle) => marked.has(handle)).map((handle) => ({ sentence: handle }));
    return withAlignment(fact, summary.id, { summary: summary.id, covered: true, sentences });
  });
}

/** The numbers of the summary's sentences aligned with the fact, in reading order. */
export function alignedNumbers(fact: KeyFact, summary: Summary): number[] {
  const alignment = alignmentOf(fact, summary.id);
  if (alignment === undefined) return [];
  const marked = new Set(alignment.sentences.map((item) => item.sentence));
  return summary.sentences.filter((sentence) => marked.has(sentence.id)).map((sentence) => sentence.number);
}

export interface Score {
  part: number;
  whole: number;
}

/** Completeness of a summary (FineSurE): the key facts it states ÷ the key facts. */
export function completeness(facts: readonly KeyFact[], summary: Handle): Score {
  return { part: facts.filter((fact) => coverageOf(fact, summary) === 'covered').length, whole: facts.length };
}

/** Conciseness of a summary (FineSurE): its sentences that state some key fact ÷ its sentences. */
export function conciseness(facts: readonly KeyFact[], summary: Summary): Score {
  const aligned = new Set(
    facts.flatMap((fact) => {
      const alignment = alignmentOf(fact, summary.id);
      return alignment?.covered ? alignment.sentences.map((item) => item.sentence) : [];
    }),
  );
  return { part: summary.sentences.filter((sentence) => aligned.has(sentence.id)).length, whole: summary.sentences.length };
}

/** A cell in words: "states it (sentences 1 and 3)", "does not state it", "not decided". */
export function describeCell(fact: KeyFact, summary: Summary): string {
  const coverage = coverageOf(fact, summary.id);
  if (coverage === 'undecided') return 'not decided';
  if (coverage === 'not_covered') return 'does not state it';
  const numbers = alignedNumbers(fact, summary);
  if (numbers.length === 0) return 'states it (no sentence marked yet)';
  const list = numbers.length === 1 ? `sentence ${numbers[0]}` : `sentences ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
  return `states it (${list})`;
}

/** A whole list in words, for the conflict panel: each fact with every summary's decision,
 * summaries by letter only. */
export function describeKeyFacts(value: unknown, summaries: readonly Summary[]): string {
  if (!Array.isArray(value)) return '(none)';
  const facts = value as KeyFact[];
  if (facts.length === 0) return '(no key facts)';
  return facts
    .map((fact) => {
      const decided = summaries
        .filter((summary) => coverageOf(fact, summary.id) !== 'undecided')
        .map((summary) => `${summary.label} ${describeCell(fact, summary)}`);
      return `${fact.position}. “${shortText(fact.text, 80)}”${decided.length > 0 ? ` — ${decided.join('; ')}` : ''}`;
    })
    .join(' · ');
}
