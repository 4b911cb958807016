import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeServer, savesLike } from '../test/fakeServer';
import { errorResponse, jsonResponse, renderWithProviders } from '../test/render';
import { ItemsPage } from './ItemsPage';
import type { ItemsPayload } from './types';

const SENTENCE = 'SentenceHandleAAAAAAAAA';
const SUMMARY = 'SummaryHandleAAAAAAAAAA';

function payload(stage: ItemsPayload['stage'], overrides: Partial<ItemsPayload> = {}): ItemsPayload {
  return {
    id: 41,
    stage,
    status: 'in_progress',
    read_only: false,
    round: { id: 7, name: 'Review 1', kind: stage === 'error_typing' ? 'error_typing' : 'review', status: 'open' },
    project: { slug: 'demo', name: 'Demo' },
    position: 1,
    count: 2,
    next_assignment: 42,
    guideline: { version: 1, markdown: '' },
    taxonomy: {
      name: 'TofuEval',
      types: [
        { id: 3, code: 'EXT', name: 'Extrinsic Information', definition: '', example: '', parent: null },
        { id: 5, code: 'MIS', name: 'Mis-Referencing', definition: '', example: '', parent: null },
      ],
    },
    topic: { id: 1, name: 'Funding for the river bus' },
    document: { title: 'City council', turns: [{ id: 12, position: 0, speaker: 'MAYA', role: 'host', text: 'The vote passed on Monday.', start: null, end: null }] },
    summaries: [{ id: SUMMARY, label: 'B', sentences: [{ id: SENTENCE, number: 2, text: 'The vote failed.' }] }],
    items: [
      {
        sentence: SENTENCE,
        summary: SUMMARY,
        labels: [
          {
            rater: 'R1',
            label: 'inconsistent',
            explanation: 'Turn 1 says it passed.',
            error_types: [3],
            spans: [{ start: 9, end: 15, error_type: 3, note: '', no_evidence: false, evidence: [{ turn: 12, start: 9, end: 15 }] }],
          },
          { rater: 'R2', label: 'consistent', explanation: '', error_types: [], spans: [] },
        ],
        decision: stage === 'second_review' ? { decision: 'false_positive', error_types: [], note: 'It says failed.', version: 2 } : null,
      },
    ],
    judgements: { reviews: [], second_reviews: [], typings: [] },
    ...overrides,
  };
}

function open(body: ItemsPayload) {
  renderWithProviders(
    <MemoryRouter initialEntries={['/app/assignments/41/items']}>
      <Routes>
        <Route path="/app/assignments/:id/items" element={<ItemsPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return body;
}

afterEach(() => vi.unstubAllGlobals());

describe('the item screen', () => {
  it('shows every annotator by role letter and the summary by letter only', async () => {
    fakeServer({ 'GET /api/assignments/41/items/': () => jsonResponse(payload('review')) });
    open(payload('review'));
    expect(await screen.findByText('The vote failed.')).toBeInTheDocument();
    expect(screen.getByText('R1')).toBeInTheDocument();
    expect(screen.getByText('R2')).toBeInTheDocument();
    expect(screen.getByText('Summary B, sentence 2')).toBeInTheDocument();
    expect(screen.getByText('Turn 1 says it passed.')).toBeInTheDocument();
    expect(screen.getByText('Extrinsic Information')).toBeInTheDocument();
  });

  it('saves a decision from its key and asks for a note for a false positive', async () => {
    const server = fakeServer({
      'GET /api/assignments/41/items/': () => jsonResponse(payload('review')),
      [`PATCH /api/assignments/41/reviews/${SENTENCE}/`]: savesLike({ sentence: SENTENCE, decision: '', note: '', error_types: [] }),
    });
    open(payload('review'));
    await screen.findByText('The vote failed.');
    await userEvent.keyboard('2');
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]?.body).toEqual({ decision: 'false_positive', version: 0 });
    expect(await screen.findByText(/write a note saying why/)).toBeInTheDocument();
    await userEvent.keyboard('3');
    await userEvent.click(await screen.findByLabelText('Mis-Referencing'));
    await waitFor(() => expect(server.saves()).toHaveLength(3));
    expect(server.saves()[1]?.body).toEqual({ decision: 'types_changed', version: 1 });
    expect(server.saves()[2]?.body).toEqual({ error_types: [5], version: 2 });
  });

  it('lets the second reviewer dispute the decision with a note', async () => {
    const server = fakeServer({
      'GET /api/assignments/41/items/': () => jsonResponse(payload('second_review')),
      [`PATCH /api/assignments/41/second_reviews/${SENTENCE}/`]: savesLike({ sentence: SENTENCE, verdict: '', note: '', reviewed_version: 2 }),
    });
    open(payload('second_review'));
    expect(await screen.findByText(/Review decision: False positive/)).toBeInTheDocument();
    await userEvent.keyboard('x');
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]?.body).toEqual({ verdict: 'dispute', version: 0 });
    await userEvent.keyboard('n');
    await userEvent.keyboard('The turn says it passed.');
    await userEvent.click(screen.getByText('Second review: Funding for the river bus'));
    await waitFor(() => expect(server.saves()).toHaveLength(2));
    expect(server.saves()[1]?.body).toEqual({ note: 'The turn says it passed.', version: 1 });
  });

  it('types an item in an error-typing round and lists what submit misses', async () => {
    const server = fakeServer({
      'GET /api/assignments/41/items/': () => jsonResponse(payload('error_typing')),
      [`PATCH /api/assignments/41/typings/${SENTENCE}/`]: savesLike({ sentence: SENTENCE, error_types: [] }),
      'POST /api/assignments/41/submit/': () =>
        errorResponse(400, { message: '1 item is missing.', code: 'incomplete', missing: [{ message: 'Summary B, sentence 2: pick at least one error type.' }] }),
    });
    open(payload('error_typing'));
    await screen.findByText('The vote failed.');
    // A typist never sees the types others chose: the server sends none (annotations/selectors/items.py).
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Summary B, sentence 2: pick at least one error type.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Extrinsic Information'));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]?.body).toEqual({ error_types: [3], version: 0 });
  });

  it('adopts the saved answer when another tab saved first', async () => {
    fakeServer({
      'GET /api/assignments/41/items/': () => jsonResponse(payload('review')),
      [`PATCH /api/assignments/41/reviews/${SENTENCE}/`]: () =>
        errorResponse(409, {
          message: 'This item changed since you loaded it.',
          code: 'stale_version',
          current: { sentence: SENTENCE, decision: 'confirmed', note: '', error_types: [], version: 4 },
        }),
    });
    open(payload('review'));
    await screen.findByText('The vote failed.');
    await userEvent.keyboard('2');
    expect(await screen.findByText(/This item changed elsewhere/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Error confirmed/ })).toHaveAttribute('aria-checked', 'true');
  });
});
