// The per-system scores of a release (docs/formats/scores.md): names, numbers, the chart's scale.

import type { Release } from '../api/types';

/** `scores` of a published release: per system, each metric's mean, interval and n. */
export type ReleaseScores = NonNullable<Release['scores']>;
export type SystemScoreRow = ReleaseScores['systems'][number];
export type MetricScore = SystemScoreRow['faithfulness'];
export type ScoreMetric = 'faithfulness' | 'completeness' | 'conciseness' | 'acu_score';

export const SCORE_METRICS: readonly { key: ScoreMetric; label: string; definition: string; color: string }[] = [
  { key: 'faithfulness', label: 'Faithfulness', definition: 'consistent sentences ÷ sentences', color: '#4263eb' },
  { key: 'completeness', label: 'Completeness', definition: 'covered key facts ÷ key facts', color: '#2f9e44' },
  { key: 'conciseness', label: 'Conciseness', definition: 'sentences aligned to a key fact ÷ sentences', color: '#e67700' },
  { key: 'acu_score', label: 'ACU score', definition: 'supported atomic facts ÷ atomic facts', color: '#ae3ec9' },
];

/** A score in [0, 1] with three decimals; "—" when undefined. */
export function formatScore(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return value.toFixed(3);
}

/** "0.847 [0.843, 0.851]"; the mean alone when the interval is missing; "—" when undefined. */
export function formatScoreWithInterval(score: MetricScore): string {
  if (score.mean === null) return '—';
  if (score.low === null || score.high === null) return formatScore(score.mean);
  return `${formatScore(score.mean)} [${formatScore(score.low)}, ${formatScore(score.high)}]`;
}

/** "0.847 (95% CI 0.843 to 0.851), n = 120" for titles and screen readers. */
export function describeScore(score: MetricScore, confidence: number): string {
  if (score.mean === null) return `no score (n = ${score.n})`;
  const interval =
    score.low === null || score.high === null
      ? ''
      : ` (${Math.round(confidence * 100)}% CI ${formatScore(score.low)} to ${formatScore(score.high)})`;
  return `${formatScore(score.mean)}${interval}, n = ${score.n}`;
}

/** The metrics at least one system has a score for: the others are left out of the chart. */
export function chartedMetrics(scores: ReleaseScores): typeof SCORE_METRICS {
  return SCORE_METRICS.filter((metric) => scores.systems.some((system) => system[metric.key].n > 0));
}

/** A score's height in a plot `height` tall, 0 at the bottom; clamped to [0, 1]. */
export function scoreY(value: number, height: number): number {
  return height * (1 - Math.max(0, Math.min(1, value)));
}
