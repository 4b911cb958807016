import { Text } from '@mantine/core';
import { Outlet, useParams } from 'react-router';

import { NotFoundPage } from '../NotFoundPage';
import { parseId } from './paths';
import { RoundProjectContext, useRoundProjectLookup } from './useRoundProject';

/**
 * The frame of every `/app/admin/rounds/:id/…` page: it looks the round up once, shows a
 * "Not found" page for a round that does not exist (or is not the admin's), and hands the
 * round to the page below, so no page renders an empty dashboard for a round that is not there.
 */
export function RoundGuard() {
  const raw = useParams().id;
  const roundId = parseId(raw);
  const context = useRoundProjectLookup(roundId);
  if (roundId === null || (context.status === 'error' && context.notFound)) {
    return (
      <NotFoundPage what={`Round ${raw ?? ''}`.trim()} inFrame>
        <Text>There is no round {raw} in any project you administer. Open a round from its project page.</Text>
      </NotFoundPage>
    );
  }
  return (
    <RoundProjectContext.Provider value={{ roundId, state: context }}>
      <Outlet />
    </RoundProjectContext.Provider>
  );
}
