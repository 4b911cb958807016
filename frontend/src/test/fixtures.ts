// Realistic payloads shaped exactly like docs/api/workspace.md, for component tests.

import type { QueueResponse, WorkspacePayload } from '../api/types';

/** A would-be leak of the summarizer's name: the UI must never render it. */
export const LEAKED_SYSTEM_NAME = 'SECRET-SYSTEM';

/**
 * `value`, checked against the type its place expects (a missing or mistyped field fails to
 * compile), with `extra` fields the server must never send added past the types, which rightly
 * do not know them: a simulated leak the UI must not render.
 */
export function leak<T extends object>(value: NoInfer<T>, extra: Record<string, unknown>): T {
  return Object.assign(value, extra);
}

export function workspacePayload(overrides: Partial<WorkspacePayload> = {}): WorkspacePayload {
  const payload: WorkspacePayload = {
    id: 12,
    status: 'in_progress',
    read_only: false,
    round: { id: 1, name: 'Pilot 1', kind: 'pilot', status: 'open' },
    project: { slug: 'demo', name: 'Demo study (TofuEval scheme)' },
    position: 3,
    count: 9,
    next_assignment: 13,
    guideline: { version: 1, markdown: '# Guidelines\n\nLabel a sentence **inconsistent** when the dialogue does not support it.' },
    scheme: {
      consistency: true,
      error_types: true,
      error_spans: false,
      require_error_spans: false,
      evidence: false,
      require_evidence: false,
      relevance: true,
      not_a_summary: true,
      comment: true,
      sentence_comment: false,
      confidence: false,
      topic_category: true,
      completeness: false,
      atomic_facts: false,
      show_fact_scores: false,
    },
    relevance_anchors: [
      { value: 1, label: 'Not relevant', description: 'Says nothing about the topic.' },
      { value: 2, label: 'Barely relevant', description: 'Mentions the topic in passing.' },
      { value: 3, label: 'Partly relevant', description: 'Covers some of the topic.' },
      { value: 4, label: 'Relevant', description: 'Covers the topic with minor gaps.' },
      { value: 5, label: 'Fully relevant', description: 'Covers the topic completely.' },
    ],
    topic_categories: [
      { value: 'main', label: 'Main', description: 'The dialogue spends most of its time on it.' },
      { value: 'marginal', label: 'Marginal', description: 'Discussed briefly.' },
      { value: 'irrelevant', label: 'Irrelevant', description: 'Not discussed.' },
    ],
    taxonomy: {
      name: 'TofuEval',
      types: [
        { id: 31, code: 'extrinsic-information', name: 'Extrinsic Information', definition: 'Information not in the dialogue.', example: '', parent: null },
        { id: 32, code: 'stating-opinion-as-fact', name: 'Stating Opinion As Fact', definition: 'A hope or opinion presented as a fact.', example: '', parent: null },
      ],
    },
    document: {
      title: 'City council: streetlights and parking',
      turns: [
        { id: 501, position: 0, speaker: 'MAYA ORTIZ', role: 'host', text: 'Tonight the council votes on the river bus line.', start: 0, end: 49 },
        { id: 502, position: 1, speaker: 'DEV PATEL', role: 'transit analyst', text: 'The question is who pays for the river bus.', start: 50, end: 93 },
        { id: 503, position: 2, speaker: 'MAYA ORTIZ', role: 'host', text: 'And the ridership numbers?', start: 94, end: 120 },
      ],
    },
    topic: { id: 77, name: 'Funding for the river bus line' },
    summaries: [
      leak(
        {
          id: 'summary-901-handle-xyz',
          label: 'A',
          sentences: [
            { id: 'sentence-4001-handle-x', number: 1, text: 'The council approved the new line.', hints: [0, 1] },
            { id: 'sentence-4002-handle-x', number: 2, text: 'Ridership is expected to double.', hints: [] },
          ],
          given_atomic_facts: [],
        },
        { system: LEAKED_SYSTEM_NAME, external_id: 'ext-SECRET-SYSTEM-1' },
      ),
      leak(
        {
          id: 'summary-902-handle-xyz',
          label: 'B',
          sentences: [{ id: 'sentence-4003-handle-x', number: 1, text: 'Funding is still being discussed.', hints: [1] }],
          given_atomic_facts: [],
        },
        { system: LEAKED_SYSTEM_NAME },
      ),
    ],
    key_fact_source: '',
    given_key_facts: [],
    given_atomic_facts: false,
    judgements: {
      sentences: [{ sentence: 'sentence-4002-handle-x', label: 'consistent', explanation: '', comment: '', confidence: null, error_types: [], spans: [], version: 2 }],
      summaries: [],
      topic: null,
      key_facts: null,
      atomic_facts: [],
    },
    review_outcomes: [],
    answer_key: null,
    active_seconds: 720,
    feedback: [],
    ...overrides,
  };
  return payload;
}

export function queueResponse(): QueueResponse {
  return {
    assignments: [
      {
        id: 12,
        status: 'in_progress',
        round: { id: 1, name: 'Pilot 1', kind: 'pilot', status: 'open' },
        project: { slug: 'demo', name: 'Demo study' },
        document: 'City council: streetlights and parking',
        topic: 'Funding for the river bus line',
        position: 3,
        count: 9,
        progress: { done: 3, total: 17 },
        active_seconds: 720,
        submitted_at: null,
        screen: 'workspace',
        stage: '',
      },
      {
        id: 7,
        status: 'submitted',
        round: { id: 0, name: 'Practice', kind: 'practice', status: 'closed' },
        project: { slug: 'demo', name: 'Demo study' },
        document: 'Morning show: weather',
        topic: 'Storm warnings',
        position: 1,
        count: 1,
        progress: { done: 8, total: 8 },
        active_seconds: 1500,
        submitted_at: '2025-01-10T10:00:00Z',
        screen: 'workspace',
        stage: '',
      },
      {
        id: 13,
        status: 'assigned',
        round: { id: 1, name: 'Pilot 1', kind: 'pilot', status: 'open' },
        project: { slug: 'demo', name: 'Demo study' },
        document: 'Radio call-in: school lunches',
        topic: 'Cost of meals',
        position: 4,
        count: 9,
        progress: { done: 0, total: 12 },
        active_seconds: 0,
        submitted_at: null,
        screen: 'workspace',
        stage: '',
      },
    ],
    feedback: [
      {
        id: 4,
        round: 'Pilot 1',
        round_id: 1,
        project: { slug: 'demo', name: 'Demo study' },
        author: 'Ada Admin',
        text: 'Hopes are not facts: label these inconsistent.',
        created_at: '2025-01-12T09:00:00Z',
        assignment: 12,
        sentence: { summary_label: 'B', number: 2 },
        reopened: false,
        replies: [],
        read: false,
      },
    ],
  };
}
