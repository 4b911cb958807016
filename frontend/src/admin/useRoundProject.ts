import { createContext, useContext } from 'react';
import { useSearchParams } from 'react-router';

import { ApiError, getAdminProject, getAdminProjects } from '../api/client';
import type { AdminProject, AdminRound } from '../api/types';
import { useLoad, type LoadState } from './useLoad';

export interface RoundProject {
  project: AdminProject;
  round: AdminRound;
}

/** The round the frame (`RoundGuard`) already looked up, so its pages do not look again. */
export const RoundProjectContext = createContext<{ roundId: number; state: LoadState<RoundProject> } | null>(null);

/** The project a round belongs to: the frame's, else looked up (`useRoundProjectLookup`). */
export function useRoundProject(roundId: number | null): LoadState<RoundProject> {
  const provided = useContext(RoundProjectContext);
  const mine = provided !== null && provided.roundId === roundId;
  const own = useRoundProjectLookup(roundId, mine);
  return mine ? provided.state : own;
}

const NEVER = () => new Promise<never>(() => {});

/**
 * Finds the project a round belongs to. The round endpoints do not say, so this tries the
 * `?project=` hint that in-app links carry, then the admin's other projects in turn. A round
 * in none of them is a 404 (`notFound`), as the API would answer for it. `skip`: another
 * lookup already has it.
 */
export function useRoundProjectLookup(roundId: number | null, skip = false): LoadState<RoundProject> {
  const [params] = useSearchParams();
  const hint = params.get('project');
  const { state } = useLoad(
    skip ? 'skip' : `${roundId}:${hint}`,
    skip
      ? NEVER
      : async (signal) => {
          if (roundId === null) throw new ApiError(404, null, 'No round given.');
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
          throw new ApiError(404, null, `Round ${roundId} is not in any project you administer.`);
        },
  );
  return state;
}
