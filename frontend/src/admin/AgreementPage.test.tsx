import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Assistance } from '../api/types';
import wording from '../../../fixtures/agreement/assistance_wording.json';
import { adminProject, agreementHistory, agreementReport, job } from '../test/adminFixtures';
import { fakeServer } from '../test/fakeServer';
import { renderWithProviders, errorResponse } from '../test/render';
import { answer } from '../test/answer';
import { fakeClock } from '../test/clock';
import { AgreementPage } from './AgreementPage';
import { JOB_POLL_MS } from './useJob';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// The page polls for a newer report every REPORT_POLL_MS; tests of other behaviour turn that off
// so a poll never replaces the report a test set up (the poll has tests of its own below).
function renderPage(path = '/app/admin/rounds/1/agreement?project=demo', reportPollMs = 0) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/admin/rounds/:id/agreement" element={<AgreementPage reportPollMs={reportPollMs} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const PROJECT_ROUTES = {
  'GET /api/admin/projects/demo/': () => answer('GET /api/admin/projects/{slug}/', 200, adminProject()),
  'GET /api/admin/projects/demo/agreement-history/': () => answer('GET /api/admin/projects/{slug}/agreement-history/', 200, agreementHistory()),
};

describe('the agreement dashboard', () => {
  it('shows one card per question, with the history chart, and says when the report is stale', async () => {
    fakeServer({ ...PROJECT_ROUTES, 'GET /api/admin/rounds/1/agreement/': () => answer('GET /api/admin/rounds/{round_id}/agreement/', 200, agreementReport({ stale: true })) });
    renderPage();

    const card = await screen.findByRole('article', { name: 'Sentence consistency' });
    expect(card).toHaveTextContent('0.42');
    expect(screen.getByRole('article', { name: 'Topic category' })).toHaveTextContent('Only one category was used');
    expect(screen.getByText('This report is stale')).toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: /by round/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Agreement · Pilot 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the disagreements' })).toHaveAttribute(
      'href',
      '/app/admin/rounds/1/disagreements?project=demo',
    );
  });

  it('computes a report with a background job, then loads it', async () => {
    let computed = false;
    let jobDone = false;
    const server = fakeServer({
      ...PROJECT_ROUTES,
      'GET /api/admin/rounds/1/agreement/': () =>
        computed ? answer('GET /api/admin/rounds/{round_id}/agreement/', 200, agreementReport()) : errorResponse(404, { message: 'No report yet.'  }),
      'POST /api/admin/rounds/1/agreement/': () => answer('POST /api/admin/rounds/{round_id}/agreement/', 202, { job: 12 }),
      'GET /api/admin/jobs/12/': () => {
        if (!jobDone) return answer('GET /api/admin/jobs/{job_id}/', 200, job({ id: 12, kind: 'agreement', progress: 50, message: 'bootstrap 500 of 1000' }));
        computed = true;
        return answer('GET /api/admin/jobs/{job_id}/', 200, job({ id: 12, kind: 'agreement', status: 'succeeded', progress: 100, message: 'agreement computed' }));
      },
    });
    const polls = () => server.requests.filter((r) => r.path === '/api/admin/jobs/12/').length;
    const clock = fakeClock();
    const user = clock.user();
    renderPage();

    expect(await screen.findByText(/No agreement report yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Compute now' }));
    await clock.advance(0);

    expect(screen.getByRole('progressbar', { name: 'Agreement computation progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50% · bootstrap 500 of 1000')).toBeInTheDocument();
    // The job is asked about at once, then once an interval while it runs.
    expect(polls()).toBe(1);
    await clock.advance(JOB_POLL_MS - 1);
    expect(polls()).toBe(1);
    await clock.advance(1);
    expect(polls()).toBe(2);
    jobDone = true;
    await clock.advance(JOB_POLL_MS);
    expect(polls()).toBe(3);

    expect(screen.getByRole('article', { name: 'Sentence consistency' })).toHaveTextContent('0.42');
    // One completion message: the job's box says it finished, and nothing more.
    expect(screen.getAllByText(/finished|agreement computed/i).map((element) => element.textContent)).toEqual([
      'Agreement computation finished',
    ]);
    await clock.advance(10 * JOB_POLL_MS);
    expect(polls()).toBe(3);
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/rounds/1/agreement/', body: undefined },
    ]);
  });

  it('shows a reused report at once when the server answers 200', async () => {
    fakeServer({
      ...PROJECT_ROUTES,
      'GET /api/admin/rounds/1/agreement/': () => answer('GET /api/admin/rounds/{round_id}/agreement/', 200, agreementReport({ stale: true })),
      'POST /api/admin/rounds/1/agreement/': () => answer('POST /api/admin/rounds/{round_id}/agreement/', 200, agreementReport({ computed_at: '2025-02-01T09:00:00Z' })),
    });
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText('This report is stale')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Compute now' }));

    await waitFor(() => expect(screen.queryByText('This report is stale')).not.toBeInTheDocument());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('hints compared on the agreement dashboard', () => {
  const assistance = (wording.cases[0] as unknown as { section: Assistance }).section;
  const withSpans = () => {
    const project = adminProject();
    const unassisted = { ...project.rounds[0]!, id: 3, name: 'Pilot 1 without hints', status: 'closed' as const, evidence_hints: false };
    return adminProject({ scheme: { ...project.scheme, error_spans: true }, rounds: [...project.rounds, unassisted] });
  };

  it('shows the comparison when the report carries one', async () => {
    fakeServer({ ...PROJECT_ROUTES, 'GET /api/admin/rounds/1/agreement/': () => answer('GET /api/admin/rounds/{round_id}/agreement/', 200, agreementReport({ assistance })) });
    renderPage();

    const card = await screen.findByRole('article', { name: 'Evidence hints: with and without' });
    expect(card).toHaveTextContent('With hints: 34.2% of labels inconsistent; without: 31.3%; labels differ on 7.1% of 240 shared sentences');
    // The demo asks for no spans, so no hints were shown anywhere: no round to choose.
    expect(screen.queryByRole('combobox', { name: 'Compare hints with' })).not.toBeInTheDocument();
  });

  it('has no comparison card when the report carries none', async () => {
    fakeServer({ ...PROJECT_ROUTES, 'GET /api/admin/rounds/1/agreement/': () => answer('GET /api/admin/rounds/{round_id}/agreement/', 200, agreementReport()) });
    renderPage();

    await screen.findByRole('article', { name: 'Sentence consistency' });
    expect(screen.queryByRole('article', { name: 'Evidence hints: with and without' })).not.toBeInTheDocument();
  });

  it('computes against the round the admin names among those with hints the other way', async () => {
    const server = fakeServer({
      ...PROJECT_ROUTES,
      'GET /api/admin/projects/demo/': () => answer('GET /api/admin/projects/{slug}/', 200, withSpans()),
      'GET /api/admin/rounds/1/agreement/': () => answer('GET /api/admin/rounds/{round_id}/agreement/', 200, agreementReport({ stale: true })),
      'POST /api/admin/rounds/1/agreement/?compare=3': () => answer('POST /api/admin/rounds/{round_id}/agreement/', 200, agreementReport({ assistance: { ...assistance, chosen: 'explicit' } })),
    });
    const user = userEvent.setup();
    renderPage();

    const choice = await screen.findByRole('combobox', { name: 'Compare hints with' });
    // Pilot 2 is a draft with hints on, like this round: not offered.
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Picked automatically',
      'Pilot 1 without hints (hints off)',
    ]);
    await user.selectOptions(choice, '3');
    await user.click(screen.getByRole('button', { name: 'Compute now' }));

    expect(await screen.findByText(/the round an admin chose/)).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/admin/rounds/1/agreement/?compare=3',
    ]);
  });

  it('shows a newer report by itself, without a click, while the page is open', async () => {
    // Until the server's recompute lands: the 09:00 report, stale, a recompute waiting.
    let recomputed = false;
    const server = fakeServer({
      ...PROJECT_ROUTES,
      'GET /api/admin/rounds/1/agreement/': () => {
        return answer(
          'GET /api/admin/rounds/{round_id}/agreement/',
          200,
          !recomputed
            ? agreementReport({ stale: true, updating: true })
            : agreementReport({ computed_at: '2025-01-12T10:30:00Z', updating: false }),
        );
      },
    });
    renderPage(undefined, 50);

    const before = (await screen.findByTestId('computed-at')).textContent;
    expect(before).toContain('updating after recent submits');
    expect(screen.getByText('This report is stale')).toBeInTheDocument();
    recomputed = true;
    await waitFor(() => expect(screen.getByTestId('computed-at')).toHaveTextContent('updates by itself'), { timeout: 5000 });
    // The time shown is the new report's.
    expect(screen.getByTestId('computed-at').textContent).not.toEqual(before?.replace('updating after recent submits…', 'updates by itself after submits'));
    expect(screen.queryByText('This report is stale')).not.toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
