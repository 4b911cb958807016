import { Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

import { closeRound, openRound, savedWhileQueueDown } from '../api/client';
import type { AdminRound } from '../api/types';
import { describeError } from '../useMe';
import { JobProgress } from './JobProgress';
import { adminPaths } from './paths';
import { useJob } from './useJob';

interface RoundActionsProps {
  round: AdminRound;
  slug: string;
  /** The round as the server returned it after opening or closing. */
  onChanged: (round: AdminRound) => void;
}

/**
 * Open (draft only), Close (open only, after a confirmation because it cannot be undone and
 * starts the agreement report), and links to the round's progress, agreement and disagreements.
 */
export function RoundActions({ round, slug, onChanged }: RoundActionsProps) {
  const [busy, setBusy] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The round closed but its report could not be queued (503 queue_unavailable): follow that
  // job, which starts when the queue is back, or can be cancelled.
  const [reportJob, setReportJob] = useState<number | null>(null);
  const [generation, setGeneration] = useState(0);
  const report = useJob(reportJob, undefined, undefined, generation);

  async function run(action: (id: number) => Promise<AdminRound>) {
    setBusy(true);
    setError(null);
    try {
      onChanged(await action(round.id));
      setConfirmingClose(false);
    } catch (failure) {
      const saved = savedWhileQueueDown(failure);
      if (saved?.job !== undefined) {
        setReportJob(saved.job);
        setConfirmingClose(false);
        onChanged({ ...round, status: 'closed' });
      } else {
        setError(describeError(failure));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Group gap="xs" wrap="wrap">
      {round.status === 'draft' && (
        <Button size="xs" loading={busy} onClick={() => void run(openRound)} aria-label={`Open round ${round.name}`}>
          Open
        </Button>
      )}
      {round.status === 'open' && !confirmingClose && (
        <Button
          size="xs"
          variant="default"
          onClick={() => setConfirmingClose(true)}
          aria-label={`Close round ${round.name}`}
        >
          Close
        </Button>
      )}
      {round.status === 'open' && confirmingClose && (
        <Group gap="xs" role="group" aria-label={`Confirm closing ${round.name}`}>
          <Text size="xs">Linguists can no longer edit.</Text>
          <Button
            size="xs"
            color="red"
            loading={busy}
            onClick={() => void run(closeRound)}
            aria-label={`Confirm: close round ${round.name}`}
          >
            Close round
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setConfirmingClose(false)} aria-label="Keep the round open">
            Cancel
          </Button>
        </Group>
      )}
      {round.kind === 'reference' ? (
        <Anchor component={Link} to={adminPaths.progress(round.id, slug)} size="sm" aria-label={`Published labels of ${round.name}`}>
          Published labels
        </Anchor>
      ) : (
        <RoundLinks round={round} slug={slug} />
      )}
      {error !== null && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {reportJob !== null && (
        <div style={{ width: '100%', maxWidth: 480 }}>
          <JobProgress
            state={report}
            label={`Agreement report of ${round.name}`}
            showResult={false}
            onRequeued={() => setGeneration((current) => current + 1)}
          />
        </div>
      )}
    </Group>
  );
}

/** The working links of a round annotators work in. */
function RoundLinks({ round, slug }: { round: AdminRound; slug: string }) {
  return (
    <>
      <Anchor component={Link} to={adminPaths.progress(round.id, slug)} size="sm" aria-label={`Progress of ${round.name}`}>
        Progress
      </Anchor>
      <Anchor component={Link} to={adminPaths.agreement(round.id, slug)} size="sm" aria-label={`Agreement in ${round.name}`}>
        Agreement
      </Anchor>
      <Anchor component={Link} to={adminPaths.disagreements(round.id, slug)} size="sm" aria-label={`Disagreements in ${round.name}`}>
        Disagreements
      </Anchor>
    </>
  );
}
