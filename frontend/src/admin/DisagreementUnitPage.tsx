import { Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';

import { getDisagreement, getSentFeedback } from '../api/client';
import { DisagreementView } from './DisagreementView';
import { LoadStatus } from './LoadStatus';
import { adminPaths, parseId } from './paths';
import { RoundHeader } from './RoundHeader';
import { useLoad } from './useLoad';
import { useRoundProject } from './useRoundProject';

/** `/app/admin/rounds/:id/disagreements/:topicId` — one unit, everyone's answers side by side. */
export function DisagreementUnitPage() {
  const params = useParams();
  const roundId = parseId(params.id) ?? 0;
  const topicId = parseId(params.topicId) ?? 0;
  const context = useRoundProject(roundId);
  const slug = context.status === 'ready' ? context.data.project.slug : undefined;
  const { state, reload } = useLoad(`${roundId}:${topicId}`, (signal) => getDisagreement(roundId, topicId, signal));
  // The notes already sent: an extra, so an error in it leaves the comparison itself working.
  const sent = useLoad(String(roundId), (signal) => getSentFeedback(roundId, signal));
  // The server names the next unit of the list: the list itself may be thousands long.
  const next = state.status === 'ready' ? state.data.next_topic : null;

  return (
    <Stack gap="md">
      <RoundHeader roundId={roundId} page="Disagreements" context={context} />
      <Anchor component={Link} to={adminPaths.disagreements(roundId, slug)} size="sm">
        ← All units with disagreements
      </Anchor>
      <LoadStatus state={state} what="the unit" onRetry={reload} />
      {state.status === 'ready' && (
        <DisagreementView
          key={topicId}
          roundId={roundId}
          unit={state.data}
          sent={sent.state.status === 'ready' ? sent.state.data : []}
          onFeedbackChanged={sent.refresh}
          nextUnitPath={next === null || next === topicId ? null : adminPaths.disagreement(roundId, next, slug)}
        />
      )}
    </Stack>
  );
}
