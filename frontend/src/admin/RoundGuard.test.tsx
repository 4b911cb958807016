import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { adminProject, agreementReport } from '../test/adminFixtures';
import { answer } from '../test/answer';
import { fakeServer } from '../test/fakeServer';
import { errorResponse, renderWithProviders } from '../test/render';
import { AgreementPage } from './AgreementPage';
import { RoundGuard } from './RoundGuard';
import { RoundProgressPage } from './RoundProgressPage';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/admin/rounds/:id" element={<RoundGuard />}>
          <Route path="agreement" element={<AgreementPage />} />
          <Route path="progress" element={<RoundProgressPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const ROUTES = {
  'GET /api/admin/projects/': () => answer('GET /api/admin/projects/', 200, [{ slug: 'demo', name: 'Demo study (TofuEval scheme)' }]),
  'GET /api/admin/projects/demo/': () => answer('GET /api/admin/projects/{slug}/', 200, adminProject()),
  'GET /api/admin/rounds/9999/agreement/': () => errorResponse(404, { message: 'No agreement report yet: compute one.' }),
  'GET /api/admin/rounds/1/agreement/': () => answer('GET /api/admin/rounds/{round_id}/agreement/', 200, agreementReport()),
};

describe('a round page', () => {
  it('says "Not found" for a round in none of the admin\'s projects, not an empty dashboard', async () => {
    fakeServer(ROUTES);
    renderAt('/app/admin/rounds/9999/agreement');
    expect(await screen.findByRole('heading', { name: 'Round 9999 not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Agreement ·/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Compute now' })).not.toBeInTheDocument();
  });

  it('says "Not found" for an id that is not a number', async () => {
    fakeServer(ROUTES);
    renderAt('/app/admin/rounds/abc/progress');
    expect(await screen.findByRole('heading', { name: 'Round abc not found' })).toBeInTheDocument();
  });

  it('shows an existing round, looking it up once for the frame and its page', async () => {
    const server = fakeServer(ROUTES);
    renderAt('/app/admin/rounds/1/agreement?project=demo');
    expect(await screen.findByRole('heading', { name: 'Agreement · Pilot 1' })).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/admin/projects/demo/')).toHaveLength(1);
  });
});
