import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { adminProject, agreementHistory, agreementReport, job } from '../test/adminFixtures';
import { fakeServer } from '../test/fakeServer';
import { jsonResponse, renderWithProviders, errorResponse } from '../test/render';
import { AgreementPage } from './AgreementPage';

function renderPage(path = '/app/admin/rounds/1/agreement?project=demo') {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/admin/rounds/:id/agreement" element={<AgreementPage pollIntervalMs={20} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const PROJECT_ROUTES = {
  'GET /api/admin/projects/demo/': () => jsonResponse(adminProject()),
  'GET /api/admin/projects/demo/agreement-history/': () => jsonResponse(agreementHistory()),
};

describe('the agreement dashboard', () => {
  it('shows one card per question, with the history chart, and says when the report is stale', async () => {
    fakeServer({ ...PROJECT_ROUTES, 'GET /api/admin/rounds/1/agreement/': () => jsonResponse(agreementReport({ stale: true })) });
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
        computed ? jsonResponse(agreementReport()) : errorResponse(404, { message: 'No report yet.'  }),
      'POST /api/admin/rounds/1/agreement/': () => jsonResponse({ job: 12 }, 202),
      'GET /api/admin/jobs/12/': () => {
        if (!jobDone) return jsonResponse(job({ id: 12, kind: 'agreement', progress: 50, message: 'bootstrap 500 of 1000' }));
        computed = true;
        return jsonResponse(job({ id: 12, kind: 'agreement', status: 'succeeded', progress: 100, message: 'done' }));
      },
    });
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText(/No agreement report yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Compute now' }));

    expect(await screen.findByRole('progressbar', { name: 'Agreement computation progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByText('50% · bootstrap 500 of 1000')).toBeInTheDocument();
    jobDone = true;

    expect(await screen.findByRole('article', { name: 'Sentence consistency' })).toHaveTextContent('0.42');
    expect(server.requests.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/admin/rounds/1/agreement/', body: undefined },
    ]);
  });

  it('shows a reused report at once when the server answers 200', async () => {
    fakeServer({
      ...PROJECT_ROUTES,
      'GET /api/admin/rounds/1/agreement/': () => jsonResponse(agreementReport({ stale: true })),
      'POST /api/admin/rounds/1/agreement/': () => jsonResponse(agreementReport({ computed_at: '2025-02-01T09:00:00Z' })),
    });
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByText('This report is stale')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Compute now' }));

    await waitFor(() => expect(screen.queryByText('This report is stale')).not.toBeInTheDocument());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
