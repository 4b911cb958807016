import { Stack } from '@mantine/core';
import { useParams } from 'react-router';

import { getRoundProgress } from '../api/client';
import { AdminSection } from './AdminSection';
import { AnnotatorProgressTable } from './AnnotatorProgressTable';
import { LoadStatus } from './LoadStatus';
import { parseId } from './paths';
import { RoundHeader } from './RoundHeader';
import { UnitProgressTable } from './UnitProgressTable';
import { useLoad } from './useLoad';
import { useRoundProject } from './useRoundProject';

/** `/app/admin/rounds/:id/progress` — who has done what, and how long it took. */
export function RoundProgressPage() {
  const roundId = parseId(useParams().id) ?? 0;
  const context = useRoundProject(roundId);
  const { state, reload } = useLoad(String(roundId), (signal) => getRoundProgress(roundId, signal));

  return (
    <Stack gap="lg">
      <RoundHeader roundId={roundId} page="Progress" context={context} />
      <LoadStatus state={state} what="the progress" onRetry={reload} />
      {state.status === 'ready' && (
        <>
          <AdminSection title="By linguist">
            {(headingId) => <AnnotatorProgressTable annotators={state.data.annotators} labelledBy={headingId} />}
          </AdminSection>
          <AdminSection title="By unit">
            {(headingId) => (
              <UnitProgressTable
                units={state.data.units}
                annotators={state.data.annotators}
                labelledBy={headingId}
                onReopened={state.data.round.status === 'open' ? reload : undefined}
              />
            )}
          </AdminSection>
        </>
      )}
    </Stack>
  );
}
