// Realistic payloads of second-stage review and error typing, shaped like docs/api/review.md
// and the generated contract (review/types.ts), for component tests. Handles have the real
// shape (22 characters, annotations/handles.py): the save queue refuses anything else.

import type { ItemStage, ItemsPayload, ReviewQueueResponse } from '../review/types';
import { LEAKED_SYSTEM_NAME, leak } from './fixtures';

/** Would-be leaks of who wrote a summary or who labelled a sentence: the item screen must
 * never render any of them (the types rightly do not know the fields that carry them). */
export const LEAKED_ANNOTATOR_NAME = 'alice-the-annotator';
export const LEAKED_MODEL_ID = 'ext-SECRET-SYSTEM-7b';
export const BLINDING_LEAKS = [LEAKED_SYSTEM_NAME, LEAKED_ANNOTATOR_NAME, LEAKED_MODEL_ID] as const;

export const SUMMARY_A = 'summaryAhandle0000000A';
export const SUMMARY_B = 'summaryBhandle0000000B';
/** Summary A, sentence 2: labelled inconsistent by R1, consistent by R2. */
export const ITEM_A2 = 'sentenceA2handle00002A';
/** Summary B, sentence 1: labelled inconsistent by both. */
export const ITEM_B1 = 'sentenceB1handle00001B';
export const SENTENCE_A1 = 'sentenceA1handle00001A';

export const TYPE_EXTRINSIC = 31;
export const TYPE_OPINION = 32;
export const TYPE_MISREFERENCING = 33;

export function itemsPayload(stage: ItemStage, overrides: Partial<ItemsPayload> = {}): ItemsPayload {
  const payload: ItemsPayload = {
    id: 41,
    stage,
    status: 'in_progress',
    read_only: false,
    round: {
      id: 7,
      name: stage === 'error_typing' ? 'Typing 1' : stage === 'explanation' ? 'Explanations 1' : 'Review 1',
      kind: stage === 'error_typing' || stage === 'explanation' ? stage : 'review',
      status: 'open',
    },
    project: { slug: 'demo', name: 'Demo study' },
    position: 1,
    count: 2,
    next_assignment: 42,
    guideline: { version: 2, markdown: '# Guidelines' },
    taxonomy: {
      name: 'TofuEval',
      types: [
        { id: TYPE_EXTRINSIC, code: 'extrinsic-information', name: 'Extrinsic Information', definition: 'Information not in the dialogue.', example: '', parent: null },
        { id: TYPE_OPINION, code: 'stating-opinion-as-fact', name: 'Stating Opinion As Fact', definition: 'A hope presented as a fact.', example: '', parent: null },
        { id: TYPE_MISREFERENCING, code: 'mis-referencing', name: 'Mis-Referencing', definition: 'Said by someone else.', example: '', parent: null },
      ],
    },
    topic: { id: 77, name: 'Funding for the river bus line' },
    document: {
      title: 'City council: the river bus',
      turns: [
        { id: 501, position: 0, speaker: 'MAYA ORTIZ', role: 'host', text: 'Tonight the council votes on the river bus line.', start: null, end: null },
        { id: 502, position: 1, speaker: 'DEV PATEL', role: 'transit analyst', text: 'I hope ridership will grow, but nobody knows.', start: null, end: null },
        { id: 503, position: 2, speaker: 'MAYA ORTIZ', role: 'host', text: 'The vote passed on Monday.', start: null, end: null },
      ],
    },
    summaries: [
      leak(
        {
          id: SUMMARY_A,
          label: 'A',
          sentences: [
            { id: SENTENCE_A1, number: 1, text: 'The council voted on the river bus.' },
            { id: ITEM_A2, number: 2, text: 'Ridership will double next year.' },
          ],
        },
        { system: LEAKED_SYSTEM_NAME, external_id: LEAKED_MODEL_ID },
      ),
      leak(
        {
          id: SUMMARY_B,
          label: 'B',
          sentences: [{ id: ITEM_B1, number: 1, text: 'The vote failed on Monday.' }],
        },
        { system: LEAKED_SYSTEM_NAME },
      ),
    ],
    items: [
      {
        sentence: ITEM_A2,
        summary: SUMMARY_A,
        labels: [
          leak(
            {
              rater: 'R1',
              label: 'inconsistent',
              explanation: 'The analyst only hopes ridership will grow.',
              error_types: stage === 'error_typing' ? [] : [TYPE_OPINION],
              spans: [
                {
                  start: 10,
                  end: 21,
                  error_type: stage === 'error_typing' ? null : TYPE_OPINION,
                  note: '',
                  no_evidence: false,
                  evidence: [{ turn: 502, start: 0, end: 27 }],
                },
              ],
            },
            { username: LEAKED_ANNOTATOR_NAME },
          ),
          leak({ rater: 'R2', label: 'consistent', explanation: '', error_types: [], spans: [] }, { username: 'bob-the-annotator' }),
        ],
        explanations: [],
        decision: stage === 'second_review' ? { decision: 'false_positive', error_types: [], note: 'Turn 2 says it will grow.', version: 2 } : null,
      },
      {
        sentence: ITEM_B1,
        summary: SUMMARY_B,
        labels: [
          {
            rater: 'R1',
            label: 'inconsistent',
            explanation: 'Turn 3 says the vote passed.',
            error_types: stage === 'error_typing' ? [] : [TYPE_EXTRINSIC],
            spans: [{ start: 9, end: 15, error_type: null, note: '', no_evidence: false, evidence: [{ turn: 503, start: 9, end: 15 }] }],
          },
          { rater: 'R2', label: 'inconsistent', explanation: 'It passed.', error_types: [], spans: [] },
        ],
        // The second item is not decided yet: a second reviewer has nothing to confirm there.
        decision: null,
        explanations: [],
      },
    ],
    judgements: { reviews: [], second_reviews: [], typings: [], explanations: [] },
    ...overrides,
  };
  return payload;
}

export function reviewQueueResponse(): ReviewQueueResponse {
  return {
    assignments: [
      {
        id: 41,
        status: 'in_progress',
        round: { id: 7, name: 'Review 1', kind: 'review', status: 'open' },
        project: { slug: 'demo', name: 'Demo study' },
        document: 'City council: the river bus',
        topic: 'Funding for the river bus line',
        position: 1,
        count: 2,
        progress: { done: 1, total: 2 },
        active_seconds: 0,
        submitted_at: null,
        screen: 'items',
        stage: 'review',
      },
      {
        id: 58,
        status: 'assigned',
        round: { id: 7, name: 'Review 1', kind: 'review', status: 'open' },
        project: { slug: 'demo', name: 'Demo study' },
        document: 'Morning show: weather',
        topic: 'Storm warnings',
        position: 1,
        count: 1,
        progress: { done: 0, total: 3 },
        active_seconds: 0,
        submitted_at: null,
        screen: 'items',
        stage: 'second_review',
      },
    ],
  };
}
