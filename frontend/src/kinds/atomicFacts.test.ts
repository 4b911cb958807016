import { describe, expect, it } from 'vitest';

import type { WorkspacePayload } from '../api/types';
import { fakeServer, savesLike } from '../test/fakeServer';
import { workspacePayload } from '../test/fixtures';
import { answerOf, answersFromPayload, versionsFromPayload } from '../workspace/answers';
import { sendSave } from '../workspace/sendSave';
import { atomicFactsKind, atomicFactsMissing, type AtomicFact } from './atomicFacts';
import { itemKey, missingOf, parseItemKey } from './registry';

const A = 'summary-901-handle-xyz';
const B = 'summary-902-handle-xyz';
const A1 = 'sentence-4001-handle-x';

const fact = (position: number, extra: Partial<AtomicFact> = {}): AtomicFact => ({
  position,
  text: `Claim ${position}.`,
  given: null,
  sentence: A1,
  verdict: '',
  no_evidence: false,
  evidence: [],
  ...extra,
});

function withAtomicFacts(facts: AtomicFact[]): WorkspacePayload {
  const payload = workspacePayload();
  // The schema's verdict enum leaves out the blank a fact has before its verdict.
  const states = [{ summary: A, facts, version: 4 }] as unknown as WorkspacePayload['judgements']['atomic_facts'];
  return { ...payload, judgements: { ...payload.judgements, atomic_facts: states } };
}

describe('the atomic-facts kind', () => {
  it('is one judgement per summary, read from the payload with its version', () => {
    const facts = [fact(1, { verdict: 'supported', evidence: [{ turn: 501, start: 0, end: 7 }] })];
    const payload = withAtomicFacts(facts);
    const answers = answersFromPayload(payload);
    expect(answerOf(answers, atomicFactsKind, A)).toEqual({ facts });
    expect(answerOf(answers, atomicFactsKind, B)).toEqual({ facts: [] });
    expect(versionsFromPayload(payload)[itemKey(atomicFactsKind, A)]).toBe(4);
    expect(parseItemKey(`atomic_facts:${A}`).kind).toBe(atomicFactsKind);
  });

  it('takes a whole valid list, and nothing from a list with anything wrong in it', () => {
    const start = { facts: [fact(1)] };
    const good = [fact(1, { verdict: 'not_supported', no_evidence: true }), fact(2, { sentence: null, given: 'acu-8-handle-xxxxxxxxxx' })];
    expect(atomicFactsKind.apply(start, { facts: good })).toEqual({ facts: good });
    const wrong: unknown[] = [
      [fact(2)],
      [fact(1, { verdict: 'maybe' as AtomicFact['verdict'] })],
      [fact(1, { no_evidence: true, evidence: [{ turn: 501, start: 0, end: 7 }] })], // both
      [fact(1, { evidence: [{ turn: 501, start: 7, end: 7 }] })],
      [{ ...fact(1), sentence: 12 }],
      Array.from({ length: 61 }, (_, index) => fact(index + 1)),
      null,
    ];
    for (const facts of wrong) expect(atomicFactsKind.apply(start, { facts })).toBe(start);
  });

  it('misses the list, then each verdict', () => {
    expect(atomicFactsMissing(undefined)).toEqual(['atomic_facts']);
    expect(atomicFactsMissing({ facts: [fact(1), fact(2, { verdict: 'supported' }), fact(3)] })).toEqual(['verdict:1', 'verdict:3']);
    const scheme = workspacePayload().scheme;
    expect(missingOf(atomicFactsKind, undefined, scheme)).toEqual([]);
    expect(missingOf(atomicFactsKind, undefined, { ...scheme, atomic_facts: true })).toEqual(['atomic_facts']);
  });

  it('is saved whole at the summary’s atomic-facts URL', async () => {
    const url = `/api/assignments/12/atomic_facts/${A}/`;
    const server = fakeServer({ [`PATCH ${url}`]: savesLike('PATCH /api/assignments/{assignment_id}/atomic_facts/{summary}/', { summary: A }) });
    const facts = [fact(1, { verdict: 'supported' })];
    await sendSave(12, itemKey(atomicFactsKind, A), { facts, version: 2 });
    expect(server.saves()).toEqual([{ method: 'PATCH', path: url, body: { facts, version: 2 } }]);
  });
});
