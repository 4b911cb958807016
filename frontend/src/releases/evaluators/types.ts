// The evaluator leaderboard's shapes. Runs come from the generated contract; the leaderboard
// is the JSON of annotations/selectors/evaluator_leaderboard.py (documented in
// docs/evaluation.md), declared here.
import type { components } from '../../api/schema';

export type Run = components['schemas']['RunOutput'];

export interface Figure {
  value: number | null;
  low: number | null;
  high: number | null;
}

export const FIGURE_NAMES = ['balanced_accuracy', 'fpr', 'fnr', 'precision', 'recall', 'f1'] as const;
export type FigureName = (typeof FIGURE_NAMES)[number];

export type FigureSet = Record<FigureName, Figure>;

export interface EvaluatorEntry extends FigureSet {
  kind: 'score' | 'label';
  threshold: number | null;
  tuned_balanced_accuracy: number | null;
  auc: Figure | null;
  confusion: { tp: number; fp: number; fn: number; tn: number };
  type_recall: Record<string, Figure & { records: number }>;
  by: Record<string, Record<string, FigureSet & { records: number; inconsistent: number }>>;
}

export interface Comparison extends Figure {
  a: string;
  b: string;
  /** Null when too few documents were measured to test (`testable` false, `note` says why). */
  p_value: number | null;
  testable?: boolean;
  note?: string | null;
}

export interface Level {
  protocol: 'dev_test' | 'all';
  tuned_on: number;
  measured_on: number;
  documents: number;
  /** Set when too few documents were measured for the intervals to mean much. */
  warning: string | null;
  n_resamples: number;
  confidence: number;
  evaluators: Record<string, EvaluatorEntry>;
  comparisons: Comparison[];
}

export interface Leaderboard {
  release: string;
  evaluators: { name: string; kind: string; runs: number[]; scored_run: number; predictions: string }[];
  levels: Record<'sentence' | 'summary', Level | { error: string } | null>;
  self_agreement: Record<string, Record<string, { coefficient: string; runs: number; value: number | null; low: number | null; high: number | null }>>;
  /** Explanation rounds: per evaluator, the share of its explanations linguists judged to
   * name the same error as the human one, over `n` verdicts of submitted units. */
  explanations_same: Record<string, { value: number | null; low: number | null; high: number | null; n: number }>;
}

export function isLevel(level: Level | { error: string } | null | undefined): level is Level {
  return level !== null && level !== undefined && 'evaluators' in level;
}
