// Adding a judgement kind takes one module (docs/kinds.md, "Adding a kind"): this test writes
// one for a per-summary confidence rating and registers it, and the answers, the versions,
// replay, completion and the save routing handle it with no other change.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { WorkspacePayload } from '../api/types';
import { anyRoute } from '../test/answer';
import { fakeServer } from '../test/fakeServer';
import { workspacePayload } from '../test/fixtures';
import { jsonResponse } from '../test/render';
import { answerOf, answersFromPayload, applyFields, versionsFromPayload } from '../workspace/answers';
import { sendSave } from '../workspace/sendSave';
import type { Kind } from './kind';
import { itemKey, missingOf, registerKind, unregisterKind } from './registry';

interface ConfidenceAnswer {
  confidence: 1 | 2 | 3 | null;
}

interface SavedConfidence {
  summary: string;
  confidence: 1 | 2 | 3 | null;
  version: number;
}

// The whole of the new kind on the frontend: one module like kinds/summary.ts.
const summaryConfidenceKind: Kind<ConfidenceAnswer> = {
  key: 'summary_confidence',
  target: 'handle',
  askedBy: 'confidence',
  empty: { confidence: null },
  saved: (payload) =>
    ((payload.judgements as unknown as { summary_confidences?: SavedConfidence[] }).summary_confidences ?? []).map(
      (saved) => ({ target: saved.summary, version: saved.version, answer: { confidence: saved.confidence } }),
    ),
  apply: (answer, fields) =>
    fields.confidence === null || fields.confidence === 1 || fields.confidence === 2 || fields.confidence === 3
      ? { confidence: fields.confidence }
      : answer,
  missing: (answer) => (answer?.confidence != null ? [] : ['confidence']),
  url: (assignmentId, target) => `/api/assignments/${assignmentId}/summary_confidences/${target}/`,
};

function payloadWithConfidence(): { payload: WorkspacePayload; rated: string; unrated: string } {
  const payload = workspacePayload();
  const [rated, unrated] = payload.summaries.map((summary) => summary.id);
  const judgements = { ...payload.judgements, summary_confidences: [{ summary: rated, confidence: 3, version: 2 }] };
  return { payload: { ...payload, judgements } as WorkspacePayload, rated: rated!, unrated: unrated! };
}

describe('a kind added as one module', () => {
  beforeAll(() => registerKind(summaryConfidenceKind));
  afterAll(() => unregisterKind(summaryConfidenceKind.key));

  it('is read from the payload with its version', () => {
    const { payload, rated, unrated } = payloadWithConfidence();
    const answers = answersFromPayload(payload);
    expect(answerOf(answers, summaryConfidenceKind, rated)).toEqual({ confidence: 3 });
    expect(answerOf(answers, summaryConfidenceKind, unrated)).toEqual({ confidence: null });
    expect(versionsFromPayload(payload)[itemKey(summaryConfidenceKind, rated)]).toBe(2);
    // The kinds already there read as before.
    expect(Object.keys(versionsFromPayload(payload)).filter((key) => key.startsWith('summary_confidence:'))).toHaveLength(1);
  });

  it('takes only known fields with the right type from a change or a stored one', () => {
    const { payload, unrated } = payloadWithConfidence();
    const key = itemKey(summaryConfidenceKind, unrated);
    let answers = applyFields(answersFromPayload(payload), key, { confidence: 2 });
    expect(answerOf(answers, summaryConfidenceKind, unrated)).toEqual({ confidence: 2 });
    answers = applyFields(answers, key, { confidence: 7, label: 'consistent' });
    expect(answerOf(answers, summaryConfidenceKind, unrated)).toEqual({ confidence: 2 });
  });

  it('says what it still needs only when the scheme asks for it', () => {
    const { payload } = payloadWithConfidence();
    expect(missingOf(summaryConfidenceKind, undefined, { ...payload.scheme, confidence: true })).toEqual(['confidence']);
    expect(missingOf(summaryConfidenceKind, { confidence: 1 }, { ...payload.scheme, confidence: true })).toEqual([]);
    expect(missingOf(summaryConfidenceKind, undefined, { ...payload.scheme, confidence: false })).toEqual([]);
  });

  it('is saved at its own URL', async () => {
    const { payload, unrated } = payloadWithConfidence();
    const url = `/api/assignments/${payload.id}/summary_confidences/${unrated}/`;
    // The kind exists only in this test, so the schema has no route to type its answer by.
    const server = fakeServer({
      [`PATCH ${url}`]: (body) => {
        const { version, ...fields } = body as { version: number };
        return anyRoute(jsonResponse({ summary: unrated, ...fields, version: version + 1 }));
      },
    });
    const saved = await sendSave(payload.id, itemKey(summaryConfidenceKind, unrated), { confidence: 1, version: 0 });
    expect(server.saves()).toEqual([{ method: 'PATCH', path: url, body: { confidence: 1, version: 0 } }]);
    expect(saved).toEqual({ summary: unrated, confidence: 1, version: 1 });
  });

  it('refuses a second kind of the same name', () => {
    expect(() => registerKind(summaryConfidenceKind)).toThrow(/already registered/);
  });
});
