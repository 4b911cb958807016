import { describe, expect, it } from 'vitest';

import type { WorkspacePayload } from '../api/types';
import { fakeServer, savesLike } from '../test/fakeServer';
import { workspacePayload } from '../test/fixtures';
import { answerOf, answersFromPayload, applyFields, versionsFromPayload } from '../workspace/answers';
import { sendSave } from '../workspace/sendSave';
import { atomicFactsKind } from './atomicFacts';
import { keyFactsKind, keyFactsMissing, keyFactsMissingInSummary, type KeyFact } from './keyFacts';
import { itemKey, missingInSummaryOf, missingOf } from './registry';

const A = 'summary-901-handle-xyz';
const B = 'summary-902-handle-xyz';
const A1 = 'sentence-4001-handle-x';

const fact = (position: number, alignments: KeyFact['alignments'] = [], text = `Fact ${position}.`): KeyFact => ({
  position,
  text,
  given: null,
  alignments,
});

function withKeyFacts(facts: KeyFact[], version = 3): WorkspacePayload {
  const payload = workspacePayload();
  return { ...payload, judgements: { ...payload.judgements, key_facts: { facts, version } } };
}

describe('the key-facts kind', () => {
  it('is one judgement per assignment, read from the payload with its version', () => {
    const facts = [fact(1, [{ summary: A, covered: true, sentences: [{ sentence: A1 }] }]), fact(2)];
    const payload = withKeyFacts(facts);
    expect(answerOf(answersFromPayload(payload), keyFactsKind, null)).toEqual({ facts });
    expect(versionsFromPayload(payload)[itemKey(keyFactsKind, null)]).toBe(3);
    expect(itemKey(keyFactsKind, null)).toBe('key_facts');
    // Never saved: no version, the empty list.
    expect(answerOf(answersFromPayload(workspacePayload()), keyFactsKind, null)).toEqual({ facts: [] });
  });

  it('takes a whole valid list, and nothing from a list with anything wrong in it', () => {
    const good = [fact(1, [{ summary: B, covered: false, sentences: [] }, { summary: A, covered: true, sentences: [{ sentence: A1 }] }])];
    const start = { facts: [fact(1)] };
    // Alignments keep the order given (never sorted by handle).
    expect(keyFactsKind.apply(start, { facts: good, label: 'consistent' })).toEqual({ facts: good });
    const wrong: unknown[] = [
      [fact(2)], // not numbered from 1
      [fact(1), fact(1)],
      [{ ...fact(1), text: 7 }],
      [{ ...fact(1), text: 'x'.repeat(1001) }],
      [{ ...fact(1), given: 'abc' }],
      [fact(1, [{ summary: A, covered: false, sentences: [{ sentence: A1 }] }])], // not stated, yet a sentence
      [fact(1, [{ summary: A, covered: true, sentences: [] }, { summary: A, covered: false, sentences: [] }])], // twice
      [{ ...fact(1), alignments: [{ summary: A, covered: 'yes', sentences: [] }] }],
      [fact(1, [{ summary: A, covered: true, sentences: [{ sentence: A1 }, { sentence: A1 }] }])],
      Array.from({ length: 51 }, (_, index) => fact(index + 1)),
      'not a list',
    ];
    for (const facts of wrong) expect(keyFactsKind.apply(start, { facts })).toBe(start);
    expect(keyFactsKind.apply(start, {})).toBe(start);
  });

  it('misses the list, then the sentences of a stated fact; per summary, each decision', () => {
    expect(keyFactsMissing(null)).toEqual(['key_facts']);
    const facts = [fact(1, [{ summary: A, covered: true, sentences: [] }]), fact(2, [{ summary: B, covered: false, sentences: [] }])];
    expect(keyFactsMissing({ facts })).toEqual(['sentences:1']);
    expect(keyFactsMissingInSummary({ facts }, A)).toEqual(['coverage:2']);
    expect(keyFactsMissingInSummary({ facts }, B)).toEqual(['coverage:1']);
    const scheme = workspacePayload().scheme;
    expect(missingOf(keyFactsKind, null, scheme)).toEqual([]); // completeness not asked
    expect(missingOf(keyFactsKind, null, { ...scheme, completeness: true })).toEqual(['key_facts']);
    expect(missingInSummaryOf(keyFactsKind, { facts }, A, { ...scheme, completeness: true })).toEqual(['coverage:2']);
    expect(missingInSummaryOf(atomicFactsKind, { facts: [] }, A, { ...scheme, atomic_facts: true })).toEqual([]);
  });

  it('replays a stored change through the same check', () => {
    const payload = withKeyFacts([fact(1)]);
    const answers = applyFields(answersFromPayload(payload), 'key_facts', { facts: [fact(1), fact(2, [], 'Second.')] });
    expect(answerOf(answers, keyFactsKind, null).facts.map((item) => item.text)).toEqual(['Fact 1.', 'Second.']);
  });

  it('is saved whole at the assignment’s key-facts URL', async () => {
    const url = '/api/assignments/12/key_facts/';
    const server = fakeServer({ [`PATCH ${url}`]: savesLike('PATCH /api/assignments/{assignment_id}/key_facts/', {}) });
    const facts = [fact(1, [{ summary: A, covered: true, sentences: [{ sentence: A1 }] }])];
    const saved = await sendSave(12, 'key_facts', { facts, version: 0 });
    expect(server.saves()).toEqual([{ method: 'PATCH', path: url, body: { facts, version: 0 } }]);
    expect(saved).toEqual({ facts, version: 1 });
  });
});
