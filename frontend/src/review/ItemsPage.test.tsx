import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '../routes';
import { fakeServer, savesLike } from '../test/fakeServer';
import { errorResponse, renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import {
  BLINDING_LEAKS,
  ITEM_A2,
  ITEM_B1,
  LEAKED_ANNOTATOR_NAME,
  TYPE_MISREFERENCING,
  TYPE_EXTRINSIC,
  itemsPayload,
} from '../test/reviewFixtures';
import { storageKeyFor } from '../workspace/saveQueue';
import type { ItemsPayload } from './types';

const REVIEW_STATE = { decision: '' as const, note: '', error_types: [] };

function openItems(payload: ItemsPayload, routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({ 'GET /api/assignments/41/items/': () => answer('GET /api/assignments/{assignment_id}/items/', 200, payload), ...routes });
  const user = userEvent.setup();
  renderWithProviders(
    <MemoryRouter initialEntries={['/app/assignments/41/items']}>
      <AppRoutes />
    </MemoryRouter>,
  );
  return { server, user };
}

const item = (name: RegExp | string) => screen.findByRole('article', { name });

beforeEach(() => {
  window.localStorage.clear();
});

describe('the item screen', () => {
  it('shows each item in its summary, every annotator by role letter, and the active item’s evidence', async () => {
    const { user } = openItems(itemsPayload('review'));

    const first = await item('Item 1 of 2: Summary A, sentence 2');
    // The sentence is marked inside its summary, with the words R1 marked wrong.
    const marked = first.querySelector('[data-item-sentence]');
    expect(marked).toHaveTextContent('Ridership will double next year.');
    expect(marked?.querySelector('.error-span')).toHaveTextContent('will double');
    expect(first).toHaveTextContent('The council voted on the river bus.');
    const answers = within(first).getByRole('list', { name: 'The annotators’ answers on Summary A, sentence 2' });
    expect(within(answers).getByRole('listitem', { name: 'R1: Inconsistent' })).toHaveTextContent('Stating Opinion As Fact');
    expect(within(answers).getByRole('listitem', { name: 'R1: Inconsistent' })).toHaveTextContent(
      'The analyst only hopes ridership will grow.',
    );
    expect(within(answers).getByRole('listitem', { name: 'R1: Inconsistent' })).toHaveTextContent('evidence in turn 2');
    expect(within(answers).getByRole('listitem', { name: 'R2: Consistent' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Review: Funding for the river bus line' })).toBeInTheDocument();
    expect(screen.getByText('0 of 2 items done')).toBeInTheDocument();

    // The dialogue highlights the evidence of the active item only, and follows the active item.
    const evidenceTurns = () => [...document.querySelectorAll('[data-evidence]')].map((turn) => turn.id);
    expect(evidenceTurns()).toEqual(['turn-2']);
    // The first j goes to item 1, the active one (it used to skip it); the next to item 2.
    await user.keyboard('j');
    expect(first).toHaveFocus();
    expect(evidenceTurns()).toEqual(['turn-2']);
    await user.keyboard('j');
    expect(await item('Item 2 of 2: Summary B, sentence 1')).toHaveFocus();
    expect(evidenceTurns()).toEqual(['turn-3']);
    await user.keyboard('{ArrowUp}');
    expect(first).toHaveFocus();
    expect(evidenceTurns()).toEqual(['turn-2']);
  });

  it.each(['review', 'second_review', 'error_typing', 'explanation'] as const)(
    'never shows anything about who wrote a summary or who labelled it in %s: letters only',
    async (stage) => {
      const { user } = openItems(itemsPayload(stage));
      await item('Item 1 of 2: Summary A, sentence 2');
      await user.keyboard('?');
      await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
      for (const leak of [...BLINDING_LEAKS, 'bob-the-annotator']) expect(document.body.innerHTML).not.toContain(leak);
      expect(document.body.textContent).not.toContain(LEAKED_ANNOTATOR_NAME);
    },
  );

  it('saves a reviewer’s decisions from the keys 1, 2 and 3, the note, and the changed types', async () => {
    const { server, user } = openItems(itemsPayload('review'), {
      [`PATCH /api/assignments/41/reviews/${ITEM_A2}/`]: savesLike('PATCH /api/assignments/{assignment_id}/reviews/{sentence}/', { sentence: ITEM_A2, ...REVIEW_STATE }),
      [`PATCH /api/assignments/41/reviews/${ITEM_B1}/`]: savesLike('PATCH /api/assignments/{assignment_id}/reviews/{sentence}/', { sentence: ITEM_B1, ...REVIEW_STATE }),
    });
    const first = await item(/Summary A, sentence 2/);

    await user.keyboard('2');
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]).toMatchObject({ path: `/api/assignments/41/reviews/${ITEM_A2}/`, body: { decision: 'false_positive', version: 0 } });
    expect(within(first).getByRole('button', { name: 'Summary A, sentence 2: False positive' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(first).getByText('Still needed: a note saying why.')).toBeInTheDocument();

    // n writes the note; it is saved after a pause in typing, on the version the decision made.
    await user.keyboard('n');
    const note = within(first).getByRole('textbox', { name: /Note on Summary A, sentence 2/ });
    expect(note).toHaveFocus();
    await user.keyboard('Turn 2 says it is only a hope.');
    await waitFor(() => expect(server.saves()).toHaveLength(2));
    expect(server.saves()[1]?.body).toEqual({ note: 'Turn 2 says it is only a hope.', version: 1 });
    expect(within(first).getByText('Done ✓')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 items done')).toBeInTheDocument();

    // Esc leaves the note; 3 says the types changed, and t picks them.
    await user.keyboard('{Escape}');
    expect(first).toHaveFocus();
    await user.keyboard('3');
    await waitFor(() => expect(server.saves()).toHaveLength(3));
    expect(server.saves()[2]?.body).toEqual({ decision: 'types_changed', version: 2 });
    expect(within(first).getByText('Still needed: the error types.')).toBeInTheDocument();
    await user.keyboard('t');
    expect(within(first).getByRole('combobox', { name: /Error types for Summary A, sentence 2/ })).toHaveFocus();
    await user.keyboard('Mis{Enter}');
    await waitFor(() => expect(server.saves()).toHaveLength(4));
    expect(server.saves()[3]?.body).toEqual({ error_types: [TYPE_MISREFERENCING], version: 3 });

    // The next item: j, then 1.
    await user.keyboard('{Escape}j1');
    await waitFor(() => expect(server.saves()).toHaveLength(5));
    expect(server.saves()[4]).toMatchObject({ path: `/api/assignments/41/reviews/${ITEM_B1}/`, body: { decision: 'confirmed', version: 0 } });
    expect(await screen.findByText('Saved ✓')).toBeInTheDocument();
  });

  it('shows the decision to a second reviewer, who disputes it with a note', async () => {
    const { server, user } = openItems(itemsPayload('second_review'), {
      [`PATCH /api/assignments/41/second_reviews/${ITEM_A2}/`]: savesLike('PATCH /api/assignments/{assignment_id}/second_reviews/{sentence}/', { sentence: ITEM_A2, verdict: '', note: '', reviewed_version: 2 }),
    });
    const first = await item(/Summary A, sentence 2/);
    expect(within(first).getByLabelText('The review decision')).toHaveTextContent('Review decision: False positive');
    expect(within(first).getByLabelText('The review decision')).toHaveTextContent('Note: Turn 2 says it will grow.');
    expect(within(first).queryByRole('button', { name: /Error confirmed/ })).not.toBeInTheDocument();

    await user.keyboard('2');
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]?.body).toEqual({ verdict: 'dispute', version: 0 });
    expect(within(first).getByText('Still needed: a note saying why.')).toBeInTheDocument();
    expect(within(first).getByRole('textbox', { name: /Note on Summary A, sentence 2/ })).toBeRequired();
    await user.keyboard('n');
    await user.keyboard('A hope is not a fact.');
    await waitFor(() => expect(server.saves()).toHaveLength(2));
    expect(server.saves()[1]?.body).toEqual({ note: 'A hope is not a fact.', version: 1 });

    // The second item has no decision yet: there is nothing to confirm, and nothing is sent.
    await user.keyboard('{Escape}j');
    const second = await item(/Summary B, sentence 1/);
    expect(within(second).getByText(/has not decided this item yet/)).toBeInTheDocument();
    await user.keyboard('1');
    expect(await screen.findByText(/nothing to confirm/, { selector: '[role="status"]' })).toBeInTheDocument();
    expect(server.saves()).toHaveLength(2);
  });

  it('asks an error-typing annotator for the types only, without anyone else’s', async () => {
    const { server, user } = openItems(itemsPayload('error_typing'), {
      [`PATCH /api/assignments/41/typings/${ITEM_A2}/`]: savesLike('PATCH /api/assignments/{assignment_id}/typings/{sentence}/', { sentence: ITEM_A2, error_types: [] }),
    });
    const first = await item(/Summary A, sentence 2/);
    expect(screen.getByRole('heading', { level: 1, name: 'Error typing: Funding for the river bus line' })).toBeInTheDocument();
    expect(within(first).queryByRole('textbox', { name: /Note/ })).not.toBeInTheDocument();
    expect(within(first).queryByRole('group', { name: /Decision/ })).not.toBeInTheDocument();
    // The server blinds the others' types; none is shown.
    expect(within(first).getByRole('list', { name: /annotators’ answers/ })).not.toHaveTextContent('Stating Opinion As Fact');

    await user.keyboard('t');
    await user.keyboard('Extr{Enter}');
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]?.body).toEqual({ error_types: [TYPE_EXTRINSIC], version: 0 });
    expect(within(first).getByText('Done ✓')).toBeInTheDocument();
  });

  it('submits with Ctrl+Enter and lists what is missing, each a way to the item', async () => {
    const { server, user } = openItems(itemsPayload('review'), {
      'POST /api/assignments/41/submit/': () =>
        errorResponse(400, {
          message: '2 items are missing.',
          code: 'incomplete',
          missing: [
            { summary: 'A', sentence: 2, item: 'decision', message: 'Summary A, sentence 2: decide: error confirmed, false positive, or types changed.' },
            { summary: 'B', sentence: 1, item: 'decision', message: 'Summary B, sentence 1: decide: error confirmed, false positive, or types changed.' },
          ],
        }),
    });
    await item(/Summary A, sentence 2/);
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('dialog', { name: 'Submit this unit?' });
    await user.keyboard('{Enter}');
    const missing = await screen.findByRole('alert', { name: /Not submitted: 2 items are missing/ });
    expect(server.requests.some((request) => request.method === 'POST' && request.path === '/api/assignments/41/submit/')).toBe(true);
    await user.click(within(missing).getByRole('button', { name: /Summary B, sentence 1/ }));
    expect(screen.getByRole('button', { name: 'Summary B, sentence 1: Error confirmed' })).toHaveFocus();
  });

  it('is read-only when the unit is: nothing is sent and nothing can be submitted', async () => {
    const payload = itemsPayload('review', {
      read_only: true,
      status: 'submitted',
      judgements: {
        reviews: [{ sentence: ITEM_A2, decision: 'confirmed', note: 'Clearly a hope.', error_types: [], version: 2 }],
        second_reviews: [],
        typings: [],
        explanations: [],
      },
    });
    const { server, user } = openItems(payload);
    const first = await item(/Summary A, sentence 2/);
    expect(screen.getByText('You submitted this unit; its answers can no longer be changed.')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Summary A, sentence 2: Error confirmed' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(first).getByRole('textbox', { name: /Note on/ })).toHaveValue('Clearly a hope.');
    expect(screen.queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument();
    await user.keyboard('2');
    await user.click(within(first).getByRole('button', { name: 'Summary A, sentence 2: False positive' }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(server.saves()).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Summary A, sentence 2: Error confirmed' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows both versions when the item changed elsewhere, and takes the saved one on request', async () => {
    const { user } = openItems(itemsPayload('review'), {
      [`PATCH /api/assignments/41/reviews/${ITEM_A2}/`]: () =>
        errorResponse(409, {
          message: 'This item changed since you loaded it.',
          code: 'stale_version',
          current: { sentence: ITEM_A2, decision: 'confirmed', note: '', error_types: [], version: 4 },
        }),
    });
    const first = await item(/Summary A, sentence 2/);
    await user.keyboard('2');
    const conflict = await within(first).findByRole('alert', { name: /changed on the server/ });
    expect(within(conflict).getByRole('region', { name: 'Yours: Summary A, sentence 2' })).toHaveTextContent('False positive');
    expect(within(conflict).getByRole('region', { name: 'Saved on the server: Summary A, sentence 2' })).toHaveTextContent('Error confirmed');
    expect(screen.getByText('Conflict — choose a version')).toBeInTheDocument();
    await user.click(within(conflict).getByRole('button', { name: 'Use saved' }));
    expect(within(first).getByRole('button', { name: 'Summary A, sentence 2: Error confirmed' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps a decision made offline in this browser and says it is pending', async () => {
    const { user } = openItems(itemsPayload('review'), {
      [`PATCH /api/assignments/41/reviews/${ITEM_A2}/`]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await item(/Summary A, sentence 2/);
    await user.keyboard('1');
    expect(await screen.findByText('Offline — 1 change pending')).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeyFor(41))).toContain('"decision":"confirmed"');
  });
  it('takes a verdict on each evaluator explanation from the digits, the focused one first', async () => {
    const explained = itemsPayload('explanation');
    const first = 'explanationHandle0001AA';
    const second = 'explanationHandle0002BB';
    explained.items = explained.items.map((entry, index) =>
      index === 0
        ? {
            ...entry,
            explanations: [
              { id: first, text: 'The analyst only hopes; the summary states it as fact.' },
              { id: second, text: 'The year is not mentioned.' },
            ],
          }
        : entry,
    );
    const { server, user } = openItems(explained, {
      [`PATCH /api/assignments/41/explanations/${ITEM_A2}/`]: savesLike('PATCH /api/assignments/{assignment_id}/explanations/{sentence}/', { sentence: ITEM_A2, explanations: [] }),
    });
    const card = await item('Item 1 of 2: Summary A, sentence 2');
    expect(screen.getByRole('heading', { level: 1, name: 'Explanations: Funding for the river bus line' })).toBeInTheDocument();
    expect(within(card).getByText('Still needed: a verdict on explanation 1; a verdict on explanation 2.')).toBeInTheDocument();

    // 2 judges the first explanation not judged yet and moves to the next one.
    await user.keyboard('2');
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]?.body).toEqual({
      explanations: [
        { position: 1, item: first, verdict: 'partially' },
        { position: 2, item: second, verdict: '' },
      ],
      version: 0,
    });
    const secondCard = within(card).getByRole('article', { name: /explanation 2 of 2/ });
    expect(secondCard).toHaveFocus();
    await user.keyboard('4');
    await waitFor(() => expect(server.saves()).toHaveLength(2));
    expect(server.saves()[1]?.body).toMatchObject({
      explanations: [
        { position: 1, item: first, verdict: 'partially' },
        { position: 2, item: second, verdict: 'model_wrong' },
      ],
      version: 1,
    });
    expect(within(card).getByText('Done ✓')).toBeInTheDocument();
    // A click changes one verdict and keeps the other.
    await user.click(within(card).getByRole('button', { name: 'Summary A, sentence 2, explanation 1 of 2: Same error' }));
    await waitFor(() => expect(server.saves()).toHaveLength(3));
    expect(server.saves()[2]?.body).toMatchObject({
      explanations: [
        { position: 1, item: first, verdict: 'same' },
        { position: 2, item: second, verdict: 'model_wrong' },
      ],
    });
  });
});
