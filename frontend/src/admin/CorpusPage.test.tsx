import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { fakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import { CorpusPage } from './CorpusPage';
import { FormatDocPage } from './FormatDocPage';

describe('the corpus browser', () => {
  it('shows what was imported, the published labels per system, and each unit with its summaries', async () => {
    fakeServer({
      'GET /api/admin/projects/tofu/corpus/': () =>
        answer('GET /api/admin/projects/{slug}/corpus/', 200, {
          corpora: [{ corpus: 'mediasum', documents: 50, topics: 150, summaries: 880 }],
          published: {
            sources: ['TofuEval release'],
            systems: [{ system: 'gpt4', summaries: 150, sentences: 400, consistent: 360, inconsistent: 40, inconsistent_rate: 0.1 }],
            by_topic_category: [],
          },
        }),
      'GET /api/admin/projects/tofu/units/?q=&page=1': () =>
        answer('GET /api/admin/projects/{slug}/units/', 200, {
          count: 1,
          page: 1,
          pages: 1,
          page_size: 50,
          units: [{ topic: 5, topic_name: 'Hurricane relief', document: 'NPR-12', corpus: 'mediasum', summaries: 1, rounds: ['TofuEval release'] }],
        }),
      'GET /api/admin/projects/tofu/units/5/': () =>
        answer('GET /api/admin/projects/{slug}/units/{topic_id}/', 200, {
          topic: { id: 5, name: 'Hurricane relief' },
          document: { id: 'NPR-12', title: 'NPR-12', corpus: 'mediasum' },
          summaries: [
            {
              id: 9,
              system: 'gpt4',
              external_id: 's-9',
              sentences: [{ number: 1, text: 'Aid arrived on Monday.', published: { 'TofuEval release': 'inconsistent' } }],
            },
          ],
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/projects/tofu/corpus']}>
        <Routes>
          <Route path="/app/admin/projects/:slug/corpus" element={<CorpusPage />} />
        </Routes>
      </MemoryRouter>,
    );

    expect(await screen.findByRole('table', { name: 'Imported' })).toHaveTextContent('mediasum50150880');
    expect(screen.getByRole('table', { name: 'Published labels by system' })).toHaveTextContent('gpt4');
    await user.click(await screen.findByRole('button', { name: 'Show the summaries of Hurricane relief' }));
    const unit = await screen.findByRole('region', { name: 'Summaries of Hurricane relief' });
    expect(unit).toHaveTextContent('gpt4');
    expect(within(unit).getByRole('listitem')).toHaveTextContent('Aid arrived on Monday. inconsistent');
  });

  it('pages through the units, each page asked of the server', async () => {
    const unit = (topic: number, name: string) => ({ topic, topic_name: name, document: 'NPR-12', corpus: 'mediasum', summaries: 5, rounds: [] });
    const server = fakeServer({
      'GET /api/admin/projects/tofu/corpus/': () =>
        answer('GET /api/admin/projects/{slug}/corpus/', 200, { corpora: [], published: { sources: [], systems: [], by_topic_category: [] } }),
      'GET /api/admin/projects/tofu/units/?q=&page=1': () =>
        answer('GET /api/admin/projects/{slug}/units/', 200, { count: 200000, page: 1, pages: 4000, page_size: 50, units: [unit(5, 'Hurricane relief')] }),
      'GET /api/admin/projects/tofu/units/?q=&page=2': () =>
        answer('GET /api/admin/projects/{slug}/units/', 200, { count: 200000, page: 2, pages: 4000, page_size: 50, units: [unit(6, 'School budgets')] }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/projects/tofu/corpus']}>
        <Routes>
          <Route path="/app/admin/projects/:slug/corpus" element={<CorpusPage />} />
        </Routes>
      </MemoryRouter>,
    );

    const pages = await screen.findByRole('navigation', { name: 'Pages of units' });
    expect(within(pages).getByText('1–50 of 200000')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Page 4000 of units' })).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next page of units' }));

    expect(await screen.findByRole('rowheader', { name: 'School budgets' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Hurricane relief' })).not.toBeInTheDocument();
    expect(server.requests.map((r) => r.path)).toContain('/api/admin/projects/tofu/units/?q=&page=2');
  });

  it('serves the import format documentation from the app itself', () => {
    renderWithProviders(
      <MemoryRouter>
        <FormatDocPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading').length).toBeGreaterThan(1);
  });
});
