import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { fakeServer } from '../test/fakeServer';
import { jsonResponse, renderWithProviders } from '../test/render';
import { CorpusPage } from './CorpusPage';
import { FormatDocPage } from './FormatDocPage';

describe('the corpus browser', () => {
  it('shows what was imported, the published labels per system, and each unit with its summaries', async () => {
    fakeServer({
      'GET /api/admin/projects/tofu/corpus/': () =>
        jsonResponse({
          corpora: [{ corpus: 'mediasum', documents: 50, topics: 150, summaries: 880 }],
          published: {
            sources: ['TofuEval release'],
            systems: [{ system: 'gpt4', summaries: 150, sentences: 400, consistent: 360, inconsistent: 40, inconsistent_rate: 0.1 }],
            by_topic_category: [],
          },
        }),
      'GET /api/admin/projects/tofu/units/?q=&page=1': () =>
        jsonResponse({
          count: 1,
          page: 1,
          pages: 1,
          units: [{ topic: 5, topic_name: 'Hurricane relief', document: 'NPR-12', corpus: 'mediasum', summaries: 1, rounds: ['TofuEval release'] }],
        }),
      'GET /api/admin/projects/tofu/units/5/': () =>
        jsonResponse({
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

  it('serves the import format documentation from the app itself', () => {
    renderWithProviders(
      <MemoryRouter>
        <FormatDocPage />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading').length).toBeGreaterThan(1);
  });
});
