// A broker outage at the moment a long job is asked for (docs/api/errors.md, queue_unavailable):
// the server answers 503 saying the job is saved; the page follows it, says why it waits, and
// offers Send again and Cancel.
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AdminRound } from '../api/types';
import { ReleaseCard } from '../releases/ReleaseCard';
import { adminProject, importFormats, job } from '../test/adminFixtures';
import { answer } from '../test/answer';
import { fakeClock } from '../test/clock';
import { fakeServer } from '../test/fakeServer';
import { release } from '../test/releaseFixtures';
import { errorResponse, renderWithProviders } from '../test/render';
import { ImportCorpus } from './ImportCorpus';
import { RoundActions } from './RoundActions';
import { JOB_POLL_MS } from './useJob';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function routed(node: ReactNode) {
  return <MemoryRouter>{node}</MemoryRouter>;
}

const SAVED =
  'The import of corpus.jsonl is saved as job 9, but the task queue cannot be reached now, so it has not started.';

describe('a job asked for while the task queue is down', () => {
  it('follows the saved job, says it waits for the queue, and cancels it', async () => {
    let cancelled = false;
    const server = fakeServer({
      'GET /api/admin/import-formats/': () => answer('GET /api/admin/import-formats/', 200, importFormats()),
      'POST /api/admin/projects/demo/imports/': () => errorResponse(503, { code: 'queue_unavailable', message: SAVED, job: 9 }),
      'GET /api/admin/jobs/9/': () =>
        answer(
          'GET /api/admin/jobs/{job_id}/',
          200,
          cancelled
            ? job({ id: 9, status: 'failed', progress: 0, message: 'failed', error: 'Cancelled by Ada before it started; nothing was changed.' })
            : job({ id: 9, status: 'queued', progress: 0, message: 'waiting for the task queue to come back (tried 1 times)', can_retry: true, can_cancel: true }),
        ),
      'POST /api/admin/jobs/9/cancel/': () => {
        cancelled = true;
        return answer('POST /api/admin/jobs/{job_id}/cancel/', 200, { job: 9 });
      },
    });
    const clock = fakeClock();
    const user = clock.user();
    renderWithProviders(routed(<ImportCorpus slug="demo" onImported={vi.fn()} pollIntervalMs={JOB_POLL_MS} />));
    await clock.advance(0);
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['{}\n'], 'corpus.jsonl'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await clock.advance(0);

    expect(screen.queryByText('The import did not start')).not.toBeInTheDocument();
    expect(await screen.findByText(/waiting for the task queue to come back \(tried 1 times\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send again: import' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel: import' }));
    await clock.advance(JOB_POLL_MS);
    expect(await screen.findByText('Import failed')).toBeInTheDocument();
    expect(screen.getByText(/Cancelled by Ada before it started/)).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST' && r.path === '/api/admin/jobs/9/cancel/')).toBe(true);
  });
});

describe('a release no worker has started', () => {
  it('says it waits for a worker and offers Send again and Cancel build, not a bar at 0 %', async () => {
    const server = fakeServer({
      'POST /api/releases/3/cancel/': () => answer('POST /api/releases/{release_id}/cancel/', 200, { release: 3 }),
    });
    const onRetried = vi.fn();
    const waiting = release({ status: 'building', progress: 0, published_at: null, download: null, can_retry: true, can_cancel: true });
    renderWithProviders(<ReleaseCard release={waiting} onRetried={onRetried} />);
    expect(screen.getByText(/Waiting for a worker to start it/)).toBeInTheDocument();
    expect(screen.queryByText(/Building…/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send again 1.0.0' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Cancel the build of 1.0.0' }).click();
    await vi.waitFor(() => expect(onRetried).toHaveBeenCalled());
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/releases/3/cancel/']);
  });

  it('offers no Retry when the server says a failed build cannot be retried', () => {
    fakeServer({});
    renderWithProviders(<ReleaseCard release={release({ status: 'failed', error: 'gone', can_retry: false })} />);
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });
});

describe('closing a round while the task queue is down', () => {
  it('shows the round closed and follows its waiting report job, with Cancel', async () => {
    const pilot: AdminRound = { ...adminProject().rounds[0]!, id: 4, name: 'Pilot 1', status: 'open' };
    fakeServer({
      'POST /api/admin/rounds/4/close/': () =>
        errorResponse(503, {
          code: 'queue_unavailable',
          message: 'Round Pilot 1 is closed; its agreement report is saved as job 12, but the task queue cannot be reached now, so it has not started.',
          job: 12,
        }),
      'GET /api/admin/jobs/12/': () =>
        answer(
          'GET /api/admin/jobs/{job_id}/',
          200,
          job({ id: 12, kind: 'agreement', status: 'queued', progress: 0, message: 'waiting for the task queue to come back (tried 1 times)', can_retry: true, can_cancel: true }),
        ),
    });
    const onChanged = vi.fn();
    const clock = fakeClock();
    const user = clock.user();
    renderWithProviders(routed(<RoundActions round={pilot} slug="demo" onChanged={onChanged} />));
    await user.click(screen.getByRole('button', { name: 'Close round Pilot 1' }));
    await user.click(screen.getByRole('button', { name: 'Confirm: close round Pilot 1' }));
    await clock.advance(0);

    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ id: 4, status: 'closed' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText(/waiting for the task queue to come back/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel: agreement report of pilot 1' })).toBeInTheDocument();
  });
});
