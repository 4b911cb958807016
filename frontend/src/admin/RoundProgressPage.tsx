import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';

import { api, getRoundProgress } from '../api/client';
import { AdminSection } from './AdminSection';
import { AnnotatorProgressTable } from './AnnotatorProgressTable';
import { LoadStatus } from './LoadStatus';
import { OverlapCheck } from './OverlapCheck';
import { PageControls } from './PageControls';
import { parseId } from './paths';
import { PublishedLabelsTable } from './PublishedLabelsTable';
import { ANNOTATION_ROUND_KINDS } from './questions';
import { ReviewResults } from './ReviewResults';
import { RoundHeader } from './RoundHeader';
import { RoundQuality } from './RoundQuality';
import { RoundSelectionCard } from './RoundSelectionCard';
import { UnitProgressTable } from './UnitProgressTable';
import { useLoad } from './useLoad';
import { useRoundProject } from './useRoundProject';

/** `/app/admin/rounds/:id/progress` — who has done what, and how long it took, with the
 * units a page at a time; for a reference round, the labels its benchmark published. */
export function RoundProgressPage() {
  const roundId = parseId(useParams().id) ?? 0;
  const context = useRoundProject(roundId);
  const [page, setPage] = useState(1);
  const { state, reload } = useLoad(`${roundId}:${page}`, (signal) => getRoundProgress(roundId, page, signal));
  const navigate = useNavigate();
  const slug = context.status === 'ready' ? context.data.project.slug : null;

  /** The admin's assignment of the unit in the adjudication round (made once), showing this
   * round's answers. */
  async function adjudicate(topic: number) {
    if (slug === null) return;
    const { assignment } = await api.post<{ assignment: number }>(`/api/admin/projects/${slug}/adjudication/units/${topic}/`);
    void navigate(`/app/admin/adjudication/${assignment}?round=${roundId}`);
  }

  return (
    <Stack gap="lg">
      <RoundHeader roundId={roundId} page="Progress" context={context} />
      <LoadStatus state={state} what="the progress" onRetry={reload} />
      {state.status === 'ready' && state.data.published != null && (
        <>
          <Text>
            Labels published by {state.data.published.sources.join(', ') || 'a benchmark'}, imported as they are: there
            is no one’s progress or agreement to show, only what was published.
          </Text>
          <AdminSection title="Published labels by system">
            {(headingId) => <PublishedLabelsTable rows={state.data.published?.systems ?? []} labelledBy={headingId} />}
          </AdminSection>
          <AdminSection title="By topic category">
            {(headingId) => (
              <PublishedLabelsTable
                rows={state.data.published?.by_topic_category ?? []}
                labelledBy={headingId}
                byTopicCategory
              />
            )}
          </AdminSection>
        </>
      )}
      {state.status === 'ready' && state.data.published == null && (
        <>
          {state.data.round.status === 'open' && state.data.round.kind !== 'review' && state.data.round.overlap > 1 && (
            <OverlapCheck roundId={roundId} onChanged={reload} />
          )}
          <AdminSection title={state.data.round.kind === 'review' ? 'By reviewer' : 'By linguist'}>
            {(headingId) => (
              <AnnotatorProgressTable
                annotators={state.data.annotators}
                labelledBy={headingId}
                person={state.data.round.kind === 'review' ? 'Reviewer' : 'Linguist'}
              />
            )}
          </AdminSection>
          <AdminSection title="By unit">
            {(headingId) => (
              <Stack gap="sm">
                <UnitProgressTable
                  units={state.data.units}
                  annotators={state.data.annotators}
                  labelledBy={headingId}
                  onReopened={state.data.round.status === 'open' ? reload : undefined}
                  onAdjudicate={slug !== null && ANNOTATION_ROUND_KINDS.has(state.data.round.kind) ? (topic) => void adjudicate(topic) : undefined}
                />
                <PageControls page={state.data} what="units" onChange={setPage} />
              </Stack>
            )}
          </AdminSection>
          {state.data.round.kind === 'review' && <ReviewResults roundId={roundId} />}
          {context.status === 'ready' && state.data.round.kind !== 'review' && (
            <RoundQuality roundId={roundId} slug={context.data.project.slug} />
          )}
          {ANNOTATION_ROUND_KINDS.has(state.data.round.kind) && <RoundSelectionCard roundId={roundId} />}
        </>
      )}
    </Stack>
  );
}
