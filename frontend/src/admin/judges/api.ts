import { api } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type JudgesResponse = Schemas['JudgesOutput'];
export type JudgeRun = Schemas['JudgeRunOutput'];
export type JudgeLevel = Schemas['JudgeLevel'];
export type JudgeTrend = Schemas['TrendOutput'];

/** Every corpus run scored against the project's current gold (admins and researchers). */
export function getJudges(slug: string, signal?: AbortSignal): Promise<JudgesResponse> {
  return api.get<JudgesResponse>(`/api/projects/${encodeURIComponent(slug)}/judges/`, signal);
}

/** Recompute the figures now (admins); the answer is the page's, with the recompute queued. */
export function recomputeJudges(slug: string): Promise<JudgesResponse> {
  return api.post<JudgesResponse>(`/api/projects/${encodeURIComponent(slug)}/judges/recompute/`);
}
