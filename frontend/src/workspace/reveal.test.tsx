import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Reveal } from '../api/types';
import { AppRoutes } from '../routes';
import { answer } from '../test/answer';
import { fakeServer, savesLike } from '../test/fakeServer';
import { workspacePayload } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

const SENTENCE = 'sentence-4001-handle-x';
const SENTENCE_A1 = { sentence: SENTENCE, label: '' as const, explanation: '', comment: '', confidence: null, error_types: [], spans: [] };
const VERDICT = {
  sentence: SENTENCE,
  label: 'inconsistent',
  score: null,
  abstain: false,
  explanation: 'The dialogue says Monday, not Tuesday.',
  error_types: [],
  spans: [],
  evidence: [1],
};

/** The workspace of assignment 12, whose reveal route answers as the server does: the verdict
 * of a sentence only once a PATCH of its label was answered. */
function renderAssisted(assisted: boolean) {
  let saved = false;
  const save = savesLike('PATCH /api/assignments/{assignment_id}/sentences/{sentence}/', SENTENCE_A1);
  const server = fakeServer({
    'GET /api/assignments/12/': () => answer('GET /api/assignments/{assignment_id}/', 200, workspacePayload()),
    'GET /api/assignments/12/reveal/': () => {
      const body: Reveal = assisted
        ? { assisted: true, source: 'Model', sentences: saved ? [VERDICT] : [] }
        : { assisted: false, source: null, sentences: [] };
      return answer('GET /api/assignments/{assignment_id}/reveal/', 200, body);
    },
    [`PATCH /api/assignments/12/sentences/${SENTENCE}/`]: (body, request) => {
      saved = true;
      return save(body, request);
    },
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/app/assignments/12']}>
      <AppRoutes />
    </MemoryRouter>,
  );
  return { server, user: userEvent.setup() };
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('an assisted unit', () => {
  it('shows the model’s verdict under a sentence only after its label is saved', async () => {
    const { user } = renderAssisted(true);
    const first = await screen.findByRole('group', { name: 'Summary A, sentence 1' }, { timeout: 15000 });
    expect(screen.queryByRole('note', { name: "Model's verdict" })).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Summary A, sentence 1: consistent' }));
    const verdict = await within(first).findByRole('note', { name: "Model's verdict" }, { timeout: 8000 });
    expect(verdict).toHaveTextContent('Model: inconsistent');
    expect(verdict).toHaveTextContent('The dialogue says Monday, not Tuesday.');
    expect(verdict).toHaveTextContent('Evidence: turn 2');
  });

  it('an unassisted unit asks once and shows nothing after saves', async () => {
    const { server, user } = renderAssisted(false);
    const first = await screen.findByRole('group', { name: 'Summary A, sentence 1' }, { timeout: 15000 });
    await user.click(within(first).getByRole('button', { name: 'Summary A, sentence 1: consistent' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1), { timeout: 8000 });
    expect(screen.queryByRole('note', { name: "Model's verdict" })).not.toBeInTheDocument();
    expect(server.requests.filter((request) => request.path.endsWith('/reveal/'))).toHaveLength(1);
  });
});
