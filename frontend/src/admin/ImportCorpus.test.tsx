import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { importFormats, job } from '../test/adminFixtures';
import { fakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import { fakeClock } from '../test/clock';
import { ImportCorpus } from './ImportCorpus';
import { JOB_POLL_MS } from './useJob';

function routed(node: ReactNode) {
  return <MemoryRouter>{node}</MemoryRouter>;
}

function fileField(): HTMLInputElement {
  // Mantine's FileInput is a styled button over a hidden file input.
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
}

function corpusFile() {
  return new File(['{"type": "document"}\n'], 'corpus.jsonl', { type: 'application/jsonl' });
}

const POLL = JOB_POLL_MS;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('importing a corpus file', () => {
  it('uploads the file, follows the job with a progress bar, then lists the result', async () => {
    let finished = false;
    const polls = () => server.requests.filter((r) => r.path === '/api/admin/jobs/7/').length;
    const server = fakeServer({
      'GET /api/admin/import-formats/': () => answer('GET /api/admin/import-formats/', 200, importFormats()),
      'POST /api/admin/projects/demo/imports/': () => answer('POST /api/admin/projects/{slug}/imports/', 202, { job: 7 }),
      // Running until the test has seen the bar, then done.
      'GET /api/admin/jobs/7/': () =>
        answer('GET /api/admin/jobs/{job_id}/', 200, finished
            ? job({ status: 'succeeded', progress: 100, message: 'done', result: { lines: ['3 documents', '9 topics', '45 summaries'] } })
            : job()),
    });
    const onImported = vi.fn();
    const clock = fakeClock();
    const user = clock.user();
    renderWithProviders(routed(<ImportCorpus slug="demo" onImported={onImported} />));
    // The formats come from the server's registry first.
    await clock.advance(0);

    await user.upload(fileField(), corpusFile());
    // A styled field that shows the chosen file, with the format's documentation one click away.
    expect(screen.getByText('corpus.jsonl')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the format, field by field' })).toHaveAttribute('href', '/app/admin/help/native-jsonl');
    expect(screen.getByRole('link', { name: 'Browse what was imported' })).toHaveAttribute('href', '/app/admin/projects/demo/corpus');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    await clock.advance(0);
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40% · line 400 of 1000')).toBeInTheDocument();
    // It asks once at once, then once per interval while the job runs, and not before.
    expect(polls()).toBe(1);
    await clock.advance(POLL - 1);
    expect(polls()).toBe(1);
    await clock.advance(1);
    expect(polls()).toBe(2);
    await clock.advance(POLL);
    expect(polls()).toBe(3);
    expect(onImported).not.toHaveBeenCalled();

    finished = true;
    await clock.advance(POLL);
    expect(polls()).toBe(4);
    expect(screen.getByText('Import finished')).toBeInTheDocument();
    expect(screen.getByText('45 summaries')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onImported).toHaveBeenCalledTimes(1);

    // The upload is multipart with the file under `file`.
    const [, init] = server.fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((init?.body as FormData).get('file') as File).name).toBe('corpus.jsonl');
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
    // Polling stops once the job is finished.
    await clock.advance(10 * POLL);
    expect(polls()).toBe(4);
  });

  it("shows the job's error in a red alert when the import fails", async () => {
    fakeServer({
      'GET /api/admin/import-formats/': () => answer('GET /api/admin/import-formats/', 200, importFormats()),
      'POST /api/admin/projects/demo/imports/': () => answer('POST /api/admin/projects/{slug}/imports/', 202, { job: 8 }),
      'GET /api/admin/jobs/8/': () =>
        answer('GET /api/admin/jobs/{job_id}/', 200, job({ id: 8, status: 'failed', error: 'corpus.jsonl, line 7, field "turns": expected a list' })),
    });
    const onImported = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(routed(<ImportCorpus slug="demo" onImported={onImported} pollIntervalMs={20} />));
    await screen.findByRole('radio', { name: 'Native JSONL' });

    await user.upload(fileField(), corpusFile());
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Import failed');
    expect(alert).toHaveTextContent('corpus.jsonl, line 7, field "turns": expected a list');
    expect(onImported).not.toHaveBeenCalled();
  });
});
