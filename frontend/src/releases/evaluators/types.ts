// The evaluator leaderboard's shapes, generated from the API's OpenAPI schema like every
// other (annotations/api/leaderboard_contract.py; `make api-types`).
import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export type Run = Schemas['RunOutput'];

export type Figure = Schemas['LeaderboardFigure'];

export const FIGURE_NAMES = ['balanced_accuracy', 'fpr', 'fnr', 'precision', 'recall', 'f1'] as const;
export type FigureName = (typeof FIGURE_NAMES)[number];

export type FigureSet = Pick<EvaluatorEntry, FigureName>;

export type EvaluatorEntry = Schemas['LeaderboardEvaluatorEntry'];

export type Comparison = Schemas['LeaderboardComparison'];

export type Level = Schemas['LeaderboardLevel'];

export type LevelError = Schemas['LeaderboardLevelError'];

/** `GET /api/releases/{id}/leaderboard/` */
export type Leaderboard = Schemas['LeaderboardOutput'];

export function isLevel(level: Level | LevelError | null | undefined): level is Level {
  return level !== null && level !== undefined && 'evaluators' in level;
}
