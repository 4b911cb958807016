import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Me } from '../api/types';
import { AppRoutes } from '../routes';
import { fakeServer } from '../test/fakeServer';
import { buildingRelease, failedRelease, release, releaseDetail, releasesResponse, SHA } from '../test/releaseFixtures';
import { renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import { fakeClock } from '../test/clock';
import { ReleasesPage } from './ReleasesPage';
import { RELEASE_POLL_MS } from './useReleases';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const RESEARCHER: Me = {
  username: 'ravi',
  display_name: 'Ravi Researcher',
  is_staff: false,
  is_superuser: false,
  can_create_projects: false,
  memberships: [
    { project: 'demo', project_name: 'Demo study (TofuEval scheme)', role: 'researcher' },
    { project: 'other', project_name: 'Other study', role: 'annotator' },
    { project: 'third', project_name: 'Third study', role: 'admin' },
  ],
};

const LIST = '/api/projects/demo/releases/';

/** The page alone (no app frame), polling at its own interval (tests that count polls use a
 * fake clock). */
function renderPage(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(routes);
  renderWithProviders(
    <MemoryRouter initialEntries={['/app/projects/demo/releases']}>
      <Routes>
        <Route path="/app/projects/:slug/releases" element={<ReleasesPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return server;
}

const listRequests = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((request) => request.method === 'GET' && request.path === LIST).length;

describe('the releases page', () => {
  it('is linked from the landing page for projects where the person is a researcher or admin', async () => {
    fakeServer({
      'GET /api/me/': () => answer('GET /api/me/', 200, RESEARCHER),
      'GET /api/assignments/': () => answer('GET /api/assignments/', 200, { assignments: [], feedback: [] }),
      [`GET ${LIST}`]: () => answer('GET /api/projects/{slug}/releases/', 200, releasesResponse()),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes />
      </MemoryRouter>,
    );

    const link = await screen.findByRole('link', { name: 'Releases of Demo study (TofuEval scheme)' });
    expect(link).toHaveAttribute('href', '/app/projects/demo/releases');
    expect(screen.getByRole('link', { name: 'Releases of Third study' })).toHaveAttribute('href', '/app/projects/third/releases');
    expect(screen.queryByRole('link', { name: 'Releases of Other study' })).not.toBeInTheDocument();

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo study (TofuEval scheme)' })).toBeInTheDocument();
  });

  it('lists a published release with its download and files, and a failed one with its error', async () => {
    renderPage({ [`GET ${LIST}`]: () => answer('GET /api/projects/{slug}/releases/', 200, releasesResponse([release(), failedRelease()])) });

    const list = await screen.findByRole('list', { name: 'Releases' });
    const published = within(list).getByRole('listitem', { name: '1.0.0' });
    expect(published).toHaveTextContent('Published');
    expect(published).toHaveTextContent('by Ravi Researcher');
    const download = within(published).getByRole('link', { name: 'Download 1.0.0' });
    expect(download).toHaveAttribute('href', '/api/releases/3/download/');
    expect(download).toHaveAttribute('download');
    expect(published).toHaveTextContent('Summaries45');
    expect(published).toHaveTextContent('Test15');

    const files = within(published).getByRole('table', { name: 'Files of 1.0.0' });
    const dev = within(files).getByRole('row', { name: /native\/dev\.jsonl/ });
    expect(dev).toHaveTextContent('3012.1 KB');
    const hash = within(dev).getByText('a3f1c2d4e5b6…');
    expect(hash).toHaveAttribute('title', SHA);

    const failed = within(list).getByRole('listitem', { name: '1.1.0' });
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('Build failed: Round 2 has units without labels: doc-7 / topic 12.');
    expect(within(failed).queryByRole('link')).not.toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: /manifest/ })).not.toBeInTheDocument();
    // Newest first.
    expect(within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['1.1.0', '1.0.0']);
  });

  it('shows the dataset card and the manifest of a published release', async () => {
    const server = renderPage({
      [`GET ${LIST}`]: () => answer('GET /api/projects/{slug}/releases/', 200, releasesResponse()),
      'GET /api/releases/3/': () => answer('GET /api/releases/{release_id}/', 200, releaseDetail()),
    });
    const user = userEvent.setup();

    const show = await screen.findByRole('button', { name: 'Show card, manifest and evaluators of 1.0.0' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);

    // The card: its YAML metadata as a table (never garbled Markdown), then its body,
    // GitHub-flavoured tables included.
    expect(await screen.findByRole('heading', { name: 'Demo study 1.0.0' })).toBeInTheDocument();
    expect(screen.getByText('majority', { selector: 'strong' })).toBeInTheDocument();
    // The prose comes first; the metadata for loaders is folded away under it until opened.
    const heading = screen.getByRole('heading', { name: 'Demo study 1.0.0' });
    const folded = screen.getByText('Metadata for dataset loaders (YAML front matter)').closest('details');
    expect(folded).not.toBeNull();
    expect(folded).not.toHaveAttribute('open');
    expect(heading.compareDocumentPosition(folded!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(screen.getByText('Metadata for dataset loaders (YAML front matter)'));
    expect(folded).toHaveAttribute('open');
    const metadata = screen.getByRole('table', { name: 'Metadata of 1.0.0' });
    expect(within(metadata).getByRole('rowheader', { name: 'license' }).closest('tr')).toHaveTextContent('cc-by-4.0');
    expect(within(metadata).getByRole('rowheader', { name: 'configs' }).closest('tr')).toHaveTextContent(
      'config_namedefaultdata_filessplitdevpathnative/dev.jsonl',
    );
    expect(screen.queryByText(/^---/)).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'records' })).toBeInTheDocument();

    // The manifest: structured, every key and value readable.
    await user.click(screen.getByRole('tab', { name: 'Manifest' }));
    const manifest = screen.getByRole('region', { name: 'Manifest of 1.0.0' });
    expect(manifest.tagName).not.toBe('PRE');
    expect(within(manifest).getByText('version').nextElementSibling).toHaveTextContent('1.0.0');
    expect(manifest).toHaveTextContent('native/dev.jsonl');
    expect(server.requests.map((request) => request.path)).toContain('/api/releases/3/');

    await user.click(screen.getByRole('button', { name: 'Hide card, manifest and evaluators of 1.0.0' }));
    expect(screen.queryByRole('region', { name: 'Manifest of 1.0.0' })).not.toBeInTheDocument();
  });

  it('polls the list while a release is building and stops once it is published', async () => {
    let published = false;
    const clock = fakeClock();
    const server = renderPage({
      [`GET ${LIST}`]: () =>
        answer('GET /api/projects/{slug}/releases/', 200, releasesResponse([
            published ? release({ id: 5, version: '1.2.0', download: '/api/releases/5/download/' }) : buildingRelease(30),
          ])),
    });

    await clock.advance(0);
    const bar = screen.getByRole('progressbar', { name: 'Build progress of 1.2.0' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByRole('listitem', { name: '1.2.0' })).toHaveTextContent('Building');
    // Asked again once an interval while the release builds, and not before.
    expect(listRequests(server)).toBe(1);
    await clock.advance(RELEASE_POLL_MS - 1);
    expect(listRequests(server)).toBe(1);
    await clock.advance(1);
    expect(listRequests(server)).toBe(2);
    await clock.advance(RELEASE_POLL_MS);
    expect(listRequests(server)).toBe(3);

    published = true;
    await clock.advance(RELEASE_POLL_MS);
    expect(listRequests(server)).toBe(4);
    expect(screen.getByRole('link', { name: 'Download 1.2.0' })).toHaveAttribute('href', '/api/releases/5/download/');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await clock.advance(10 * RELEASE_POLL_MS);
    expect(listRequests(server)).toBe(4);
  });

  it('retries a failed build and follows it until it publishes', async () => {
    let retried = false;
    const failed = failedRelease();
    const server = renderPage({
      [`GET ${LIST}`]: () =>
        answer('GET /api/projects/{slug}/releases/', 200, releasesResponse([retried ? { ...release(), id: failed.id, version: failed.version } : failed])),
      [`POST /api/releases/${failed.id}/retry/`]: () => {
        retried = true;
        return answer('POST /api/releases/{release_id}/retry/', 202, { release: failed.id });
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: `Retry ${failed.version}` }));

    expect(await screen.findByRole('link', { name: `Download ${failed.version}` })).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST' && r.path === `/api/releases/${failed.id}/retry/`)).toBe(true);
  });

  it('does not poll when nothing is building', async () => {
    const clock = fakeClock();
    const server = renderPage({ [`GET ${LIST}`]: () => answer('GET /api/projects/{slug}/releases/', 200, releasesResponse([release(), failedRelease()])) });
    await clock.advance(0);
    expect(screen.getByRole('list', { name: 'Releases' })).toBeInTheDocument();
    await clock.advance(10 * RELEASE_POLL_MS);
    expect(listRequests(server)).toBe(1);
  });

  it('refetches the list after starting a build and follows it', async () => {
    let started = false;
    const clock = fakeClock();
    const server = renderPage({
      [`GET ${LIST}`]: () => answer('GET /api/projects/{slug}/releases/', 200, releasesResponse(started ? [release(), buildingRelease(5)] : [release()])),
      [`POST ${LIST}`]: () => {
        started = true;
        return answer('POST /api/projects/{slug}/releases/', 202, { release: 5 });
      },
    });
    const user = clock.user();
    await clock.advance(0);

    await user.type(screen.getByRole('textbox', { name: 'Version' }), '1.2.0');
    await user.click(screen.getByRole('checkbox', { name: 'Pilot 1 (pilot, closed)' }));
    await user.click(screen.getByRole('button', { name: 'Build release' }));
    await clock.advance(0);

    // Refetched at once after the start, then once an interval while it builds.
    expect(screen.getByRole('progressbar', { name: 'Build progress of 1.2.0' })).toBeInTheDocument();
    expect(screen.getByText(/Building release 1\.2\.0… \d+%/)).toBeInTheDocument();
    expect(listRequests(server)).toBe(2);
    await clock.advance(RELEASE_POLL_MS);
    expect(listRequests(server)).toBe(3);
  });

  it('pages through the releases, and goes back to the first page when a build starts', async () => {
    let started = false;
    const paged = (page: number, releases: ReturnType<typeof release>[]) =>
      answer('GET /api/projects/{slug}/releases/', 200, { ...releasesResponse(releases), count: 21, page, pages: 2 });
    const server = renderPage({
      [`GET ${LIST}`]: () => paged(1, started ? [buildingRelease(5), release()] : [release()]),
      [`GET ${LIST}?page=2`]: () => paged(2, [release({ id: 1, version: '0.9.0' })]),
      [`POST ${LIST}`]: () => {
        started = true;
        return answer('POST /api/projects/{slug}/releases/', 202, { release: 5 });
      },
    });
    const user = userEvent.setup();

    const pages = await screen.findByRole('navigation', { name: 'Pages of releases' });
    expect(within(pages).getByText('1–20 of 21')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Page 2 of releases' }));
    const list = await screen.findByRole('list', { name: 'Releases' });
    expect(await within(list).findByRole('listitem', { name: '0.9.0' })).toBeInTheDocument();
    expect(within(list).queryByRole('listitem', { name: '1.0.0' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Version' }), '1.2.0');
    await user.click(screen.getByRole('checkbox', { name: 'Pilot 1 (pilot, closed)' }));
    await user.click(screen.getByRole('button', { name: 'Build release' }));

    expect(await screen.findByRole('progressbar', { name: 'Build progress of 1.2.0' })).toBeInTheDocument();
    expect(screen.getByText('1–20 of 21')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === `${LIST}?page=2`)).toHaveLength(1);
  });

  it('explains a 404 in the researcher’s terms', async () => {
    renderPage({});
    expect(await screen.findByRole('alert')).toHaveTextContent('not one of its researchers or admins');
  });
});
