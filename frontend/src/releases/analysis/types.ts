// The error rates per summarizer of a release (GET /api/releases/{id}/analysis/), generated
// from the API's OpenAPI schema (annotations/api/release_analysis.py; `make api-types`).
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type ReleaseAnalysis = Schemas['ReleaseAnalysisOutput'];
export type ErrorRateRow = Schemas['ErrorRateRow'];
export type Estimate = Schemas['AnalysisEstimate'];

export const METRIC_KEYS = [
  'sentence_inconsistency',
  'summary_inconsistency',
  'relevance',
  'completeness',
  'conciseness',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** Shares are shown as percentages; relevance keeps its 1–5 scale. */
export const PERCENT: ReadonlySet<MetricKey> = new Set(['sentence_inconsistency', 'summary_inconsistency', 'completeness', 'conciseness']);

/** "12.5% [10.1, 14.9]" for a share, "4.20 [4.05, 4.31]" for relevance, "—" when undefined. */
export function formatEstimate(estimate: Estimate, percent: boolean, withInterval = true): string {
  if (estimate.value === null) return '—';
  const scale = percent ? 100 : 1;
  const digits = percent ? 1 : 2;
  const text = (value: number) => (value * scale).toFixed(digits);
  const head = `${text(estimate.value)}${percent ? '%' : ''}`;
  if (!withInterval || estimate.low === null || estimate.high === null) return head;
  return `${head} [${text(estimate.low)}, ${text(estimate.high)}]`;
}

/** "12.5% (95% interval 10.1 to 14.9), n = 240" for titles and screen readers. */
export function describeEstimate(estimate: Estimate, percent: boolean, confidence: number): string {
  if (estimate.value === null) return `no value (n = ${estimate.n})`;
  const scale = percent ? 100 : 1;
  const digits = percent ? 1 : 2;
  const interval =
    estimate.low === null || estimate.high === null
      ? ''
      : ` (${Math.round(confidence * 100)}% interval ${(estimate.low * scale).toFixed(digits)} to ${(estimate.high * scale).toFixed(digits)})`;
  return `${formatEstimate(estimate, percent, false)}${interval}, n = ${estimate.n}`;
}

/** The words for a topic type ("main topics"), from the answer's own labels. */
export function topicWords(analysis: ReleaseAnalysis, key: string): string {
  return analysis.topic_types.find((type) => type.key === key)?.label ?? key;
}

/** The words for an error type: "" is the sentences with no gold type. */
export function typeWords(name: string): string {
  return name === '' ? 'No error type given' : name;
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
