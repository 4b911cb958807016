import { useSearchParams } from 'react-router';

import { getAdminProject, getAdminProjects } from '../api/client';
import type { AdminProject, AdminRound } from '../api/types';
import { useLoad, type LoadState } from './useLoad';

export interface RoundProject {
  project: AdminProject;
  round: AdminRound;
}

/**
 * Finds the project a round belongs to. The round endpoints do not say, so this tries the
 * `?project=` hint that in-app links carry, then the admin's other projects in turn.
 */
export function useRoundProject(roundId: number | null): LoadState<RoundProject> {
  const [params] = useSearchParams();
  const hint = params.get('project');
  const { state } = useLoad(`${roundId}:${hint}`, async (signal) => {
    if (roundId === null) throw new Error('No round given.');
    const tried = new Set<string>();
    const look = async (slug: string) => {
      tried.add(slug);
      const project = await getAdminProject(slug, signal);
      const round = project.rounds.find((candidate) => candidate.id === roundId);
      return round === undefined ? null : { project, round };
    };
    if (hint !== null) {
      const found = await look(hint).catch(() => null);
      if (found !== null) return found;
    }
    for (const { slug } of await getAdminProjects(signal)) {
      if (tried.has(slug)) continue;
      const found = await look(slug);
      if (found !== null) return found;
    }
    throw new Error(`Round ${roundId} is not in any project you administer.`);
  });
  return state;
}
