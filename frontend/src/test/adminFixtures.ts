// Payloads shaped like docs/api/admin.md, for the admin screens' tests.

import type { AdminProject, AgreementHistory, AgreementQuestion, AgreementReport, DisagreementUnit, ImportFormatInfo, Job } from '../api/types';

export function adminProject(overrides: Partial<AdminProject> = {}): AdminProject {
  return {
    slug: 'demo',
    name: 'Demo study (TofuEval scheme)',
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
      topic_category: true,
      completeness: false,
      atomic_facts: false,
      show_fact_scores: false,
    },
    members: [
      { id: 1, username: 'ada', display_name: 'Ada Admin', roles: ['admin'] },
      { id: 3, username: 'linguist1', display_name: 'Lena Linguist', roles: ['annotator'] },
      { id: 4, username: 'linguist2', display_name: 'Luis Linguist', roles: ['annotator', 'reviewer'] },
      { id: 5, username: 'linguist3', display_name: '', roles: ['annotator'] },
    ],
    guidelines: [
      { version: 1, changelog: 'First version.', created_at: '2025-01-01T09:00:00Z', published_at: '2025-01-01T09:00:00Z' },
      { version: 2, changelog: 'Hopes are not facts.', created_at: '2025-01-05T09:00:00Z', published_at: '2025-01-05T09:00:00Z' },
    ],
    rounds: [
      {
        id: 1,
        project: 'demo',
        name: 'Pilot 1',
        kind: 'pilot',
        status: 'open',
        overlap: 2,
        guideline_version: 1,
        units: 9,
        assignments: 18,
        submitted: 4,
        created_at: '2025-01-02T09:00:00Z',
        opened_at: '2025-01-02T10:00:00Z',
        closed_at: null,
        evidence_hints: true,
        key_fact_source: '',
        given_atomic_facts: false,
      },
      {
        id: 2,
        project: 'demo',
        name: 'Pilot 2',
        kind: 'pilot',
        status: 'draft',
        overlap: 2,
        guideline_version: 2,
        units: 6,
        assignments: 12,
        submitted: 0,
        created_at: '2025-01-06T09:00:00Z',
        opened_at: null,
        closed_at: null,
        evidence_hints: true,
        key_fact_source: '',
        given_atomic_facts: false,
      },
    ],
    corpora: [{ slug: 'demo', documents: 3, topics: 9, summaries: 45 }],
    targets: { sentence_consistency: 0.4, topic_category: 0.4 },
    key_fact_sources: [],
    given_atomic_facts: 0,
    keyed_units: 0,
    unread_replies: [],
    paused: [],
    ...overrides,
  };
}

export function agreementQuestion(overrides: Partial<AgreementQuestion> = {}): AgreementQuestion {
  return {
    key: 'sentence_consistency',
    label: 'Sentence consistency',
    level: 'nominal',
    n_units: 129,
    n_raters: 2,
    coefficient: { name: "Cohen's kappa", value: 0.42, ci: [0.31, 0.53] },
    alpha: { value: 0.41, ci: [0.3, 0.52] },
    percent_agreement: 0.81,
    pairwise: [{ a: 'linguist1', b: 'linguist2', value: 0.42, n_units: 129 }],
    vs_majority: [
      { annotator: 'linguist1', value: 0.45, agreement: 0.86, n_units: 129 },
      { annotator: 'linguist2', value: 0.39, agreement: 0.83, n_units: 129 },
    ],
    confusion: { labels: ['consistent', 'inconsistent'], counts: [[90, 10], [14, 15]] },
    per_label: null,
    target: 0.4,
    met: true,
    note: null,
    ...overrides,
  };
}

export function agreementReport(overrides: Partial<AgreementReport> = {}): AgreementReport {
  return {
    round: 1,
    computed_at: '2025-01-12T09:00:00Z',
    inputs_hash: 'abc',
    stale: false,
    annotators: ['linguist1', 'linguist2'],
    questions: [
      agreementQuestion(),
      agreementQuestion({
        key: 'topic_category',
        label: 'Topic category',
        coefficient: null,
        alpha: null,
        percent_agreement: 1,
        pairwise: [],
        vs_majority: [],
        confusion: null,
        met: null,
        note: 'Only one category was used, so chance agreement is undefined.',
      }),
    ],
    ...overrides,
  };
}

export function agreementHistory(): AgreementHistory {
  return {
    questions: [
      {
        key: 'sentence_consistency',
        label: 'Sentence consistency',
        target: 0.4,
        points: [
          { round: 'Practice', round_id: 0, value: 0.35, ci: null, n_units: 20 },
          { round: 'Pilot 1', round_id: 1, value: 0.42, ci: [0.31, 0.53], n_units: 129 },
        ],
      },
    ],
  };
}

export function disagreementUnit(): DisagreementUnit {
  return {
    topic: { id: 77, name: 'Funding for the river bus line' },
    document: {
      title: 'City council: streetlights and parking',
      turns: [
        { id: 501, position: 0, speaker: 'MAYA ORTIZ', role: 'host', text: 'Tonight the council votes on the river bus line.' },
        { id: 502, position: 1, speaker: 'DEV PATEL', role: 'transit analyst', text: 'The question is who pays for the river bus.' },
      ],
    },
    annotators: ['linguist1', 'linguist2'],
    topic_category: { linguist1: 'main', linguist2: 'marginal' },
    summaries: [
      {
        id: 901,
        label: 'A',
        disagree: false,
        judgements: {
          linguist1: { relevance: 4, not_a_summary: false, comment: '', history: { kind: 'summaryjudgement', id: 31 } },
          linguist2: { relevance: 4, not_a_summary: false, comment: 'Short.', history: { kind: 'summaryjudgement', id: 32 } },
        },
        sentences: [
          {
            id: 4001,
            number: 1,
            text: 'The council approved the new line.',
            disagree: true,
            judgements: {
              linguist1: {
                label: 'inconsistent',
                explanation: 'The vote is tonight; nothing was approved.',
                error_types: ['Mis-Referencing'],
                spans: [
                  {
                    start: 12,
                    end: 20,
                    text: 'approved',
                    error_type: 'Mis-Referencing',
                    note: '',
                    no_evidence: false,
                    evidence: [{ turn: 501, start: 0, end: 7, text: 'Tonight' }],
                  },
                ],
                history: { kind: 'sentencejudgement', id: 41 },
              },
              linguist2: { label: 'consistent', explanation: '', error_types: [], spans: [], history: { kind: 'sentencejudgement', id: 42 } },
            },
          },
          {
            id: 4002,
            number: 2,
            text: 'Funding is discussed.',
            disagree: false,
            judgements: {
              linguist1: { label: 'consistent', explanation: '', error_types: [], spans: [], history: { kind: 'sentencejudgement', id: 43 } },
              linguist2: { label: 'consistent', explanation: '', error_types: [], spans: [], history: { kind: 'sentencejudgement', id: 44 } },
            },
          },
        ],
      },
    ],
    next_topic: 78,
  };
}

export function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 7,
    kind: 'import',
    status: 'running',
    progress: 40,
    message: 'line 400 of 1000',
    result: null,
    error: '',
    can_retry: false,
    can_cancel: false,
    ...overrides,
  };
}

/** `GET /api/admin/import-formats/` as the server's registry lists a few of its formats. */
export function importFormats(): ImportFormatInfo[] {
  return [
    { name: 'native', label: 'Native JSONL', what: "Documents, topics and summaries in the project's native JSONL format.", doc: 'native-jsonl', accept: ['.jsonl', '.json'], folder: false, lenient: false },
    { name: 'circumstantial', label: 'Circumstantial CSV', what: "Dialogues, summaries and their published labels in the circumstantial-inference study's CSV layout.", doc: 'circumstantial', accept: ['.csv'], folder: false, lenient: true },
    { name: 'potato', label: 'Potato project', what: 'A Potato project folder as a .zip.', doc: 'potato', accept: ['.zip'], folder: true, lenient: false },
    { name: 'aggrefact', label: 'AggreFact CSV', what: "AggreFact's unified CSV.", doc: 'aggrefact', accept: ['.csv'], folder: false, lenient: false },
  ];
}
