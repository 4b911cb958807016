// Payloads shaped like docs/api/releases.md, for the releases page's tests.

import type { Release, ReleaseDetail, ReleasesResponse } from '../api/types';
import type { ReleaseScores } from '../releases/scoreFormat';

export const SHA = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';

export function release(overrides: Partial<Release> = {}): Release {
  return {
    id: 3,
    version: '1.0.0',
    status: 'published',
    progress: 100,
    error: '',
    created_at: '2025-02-01T09:00:00Z',
    published_at: '2025-02-01T09:05:00Z',
    created_by: 'Ravi Researcher',
    counts: { summaries: 45, sentences: 129, dev: 30, test: 15 },
    files: [
      { name: 'native/dev.jsonl', sha256: SHA, size: 12345, records: 30 },
      { name: 'native/test.jsonl', sha256: 'ff'.repeat(32), size: 6100, records: 15 },
    ],
    download: '/api/releases/3/download/',
    scores: null,
    can_retry: false,
    can_cancel: false,
    ...overrides,
  };
}

/** Two systems: model-a with every score, model-b without key facts or atomic facts; no
 * system has a conciseness score. */
export function releaseScores(): ReleaseScores {
  const none = { mean: null, low: null, high: null, n: 0 };
  return {
    confidence: 0.95,
    n_resamples: 1000,
    seed: 0,
    systems: [
      {
        system: 'model-a',
        summaries: 30,
        faithfulness: { mean: 0.8472, low: 0.8011, high: 0.8906, n: 30 },
        completeness: { mean: 0.5, low: 0.25, high: 0.75, n: 28 },
        conciseness: none,
        acu_score: { mean: 0.9, low: 0.9, high: 0.9, n: 1 },
      },
      {
        system: 'model-b',
        summaries: 15,
        faithfulness: { mean: 0.6, low: 0.5, high: 0.7, n: 14 },
        completeness: none,
        conciseness: none,
        acu_score: none,
      },
    ],
  };
}

export function failedRelease(): Release {
  return release({
    id: 4,
    version: '1.1.0',
    status: 'failed',
    progress: 40,
    error: 'Round 2 has units without labels: doc-7 / topic 12.',
    published_at: null,
    counts: {},
    files: [],
    download: null,
    can_retry: true,
  });
}

export function buildingRelease(progress = 30): Release {
  return release({
    id: 5,
    version: '1.2.0',
    status: 'building',
    progress,
    published_at: null,
    counts: {},
    files: [],
    download: null,
  });
}

export function releasesResponse(releases: Release[] = [release()]): ReleasesResponse {
  return {
    project: { slug: 'demo', name: 'Demo study (TofuEval scheme)' },
    rounds: [
      { id: 1, name: 'Pilot 1', kind: 'pilot', status: 'closed' },
      { id: 2, name: 'Production 1', kind: 'production', status: 'open' },
      { id: 9, name: 'TofuEval MediaSum', kind: 'reference', status: 'closed' },
    ],
    formats: ['native', 'tofueval', 'aggrefact', 'llm_aggrefact', 'finesure'],
    count: releases.length,
    page: 1,
    pages: 1,
    page_size: 20,
    releases,
  };
}

export function releaseDetail(): ReleaseDetail {
  return {
    ...release(),
    manifest: { version: '1.0.0', gold: 'majority', files: [{ name: 'native/dev.jsonl', sha256: SHA }] },
    card:
      '---\nlicense: cc-by-4.0\nconfigs:\n- config_name: default\n  data_files:\n  - split: dev\n    path: native/dev.jsonl\n---\n' +
      '# Demo study 1.0.0\n\nSentence-level labels, **majority** vote.\n\n| file | records |\n|---|---|\n| `native/dev.jsonl` | 12 |\n',
  };
}
