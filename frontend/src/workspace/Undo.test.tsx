import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '../routes';
import { answer } from '../test/answer';
import { fakeServer, savesLike } from '../test/fakeServer';
import { workspacePayload } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

const SENTENCE_A1 = { sentence: 'sentence-4001-handle-x', label: '' as const, explanation: '', comment: '', confidence: null, error_types: [], spans: [] };
const A1 = '/api/assignments/12/sentences/sentence-4001-handle-x/';

function renderWorkspace() {
  const server = fakeServer({
    'GET /api/assignments/12/': () => answer('GET /api/assignments/{assignment_id}/', 200, workspacePayload()),
    [`PATCH ${A1}`]: savesLike('PATCH /api/assignments/{assignment_id}/sentences/{sentence}/', SENTENCE_A1),
  });
  const user = userEvent.setup();
  renderWithProviders(
    <MemoryRouter initialEntries={['/app/assignments/12']}>
      <AppRoutes />
    </MemoryRouter>,
  );
  return { server, user };
}

const inconsistent = () => screen.getByRole('button', { name: 'Summary A, sentence 1: inconsistent' });
const bodies = (server: ReturnType<typeof fakeServer>) => server.saves().map((save) => save.body);

beforeEach(() => {
  window.localStorage.clear();
});

describe('undo and redo in the workspace', () => {
  it('takes the last change back with Ctrl+Z and makes it again with Ctrl+Shift+Z, each a versioned save', async () => {
    const { server, user } = renderWorkspace();
    const first = await screen.findByRole('group', { name: 'Summary A, sentence 1' });
    await user.keyboard('j2');
    await waitFor(() => expect(bodies(server)).toEqual([{ label: 'inconsistent', version: 0 }]), { timeout: 3000 });

    await user.keyboard('{Control>}z{/Control}');
    expect(inconsistent()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Undone: summary A, sentence 1.')).toBeInTheDocument();
    expect(first).toHaveFocus();
    // The undo is one more save, made from the version the item has now.
    await waitFor(() => expect(bodies(server)[1]).toEqual({ label: '', version: 1 }), { timeout: 3000 });

    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(inconsistent()).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(bodies(server)[2]).toEqual({ label: 'inconsistent', version: 2 }), { timeout: 3000 });
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(screen.getByText('Nothing to redo.')).toBeInTheDocument();
  });

  it('clears a sentence’s label with Delete or the Clear button, and Ctrl+Z brings it back', async () => {
    const { server, user } = renderWorkspace();
    const first = await screen.findByRole('group', { name: 'Summary A, sentence 1' });
    await user.keyboard('j1');
    await waitFor(() => expect(bodies(server)).toHaveLength(1), { timeout: 3000 });
    await user.keyboard('{Delete}');
    const consistent = screen.getByRole('button', { name: 'Summary A, sentence 1: consistent' });
    expect(consistent).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(bodies(server)[1]).toEqual({ label: '', version: 1 }), { timeout: 3000 });

    await user.keyboard('{Control>}z{/Control}');
    expect(consistent).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(bodies(server)[2]).toEqual({ label: 'consistent', version: 2 }), { timeout: 3000 });

    await user.click(screen.getByRole('button', { name: 'Summary A, sentence 1: clear the label' }));
    expect(consistent).toHaveAttribute('aria-pressed', 'false');
    expect(first).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Summary A, sentence 1: clear the label' })).toBeNull();
    await waitFor(() => expect(bodies(server)[3]).toEqual({ label: '', version: 3 }), { timeout: 3000 });
  });

  it('leaves Ctrl+Z in the explanation to the browser’s own undo of the typing', async () => {
    const { server, user } = renderWorkspace();
    await screen.findByRole('group', { name: 'Summary A, sentence 1' });
    await user.keyboard('j2e');
    const explanation = screen.getByRole('textbox', { name: /Explanation for summary A, sentence 1/ });
    expect(explanation).toHaveFocus();
    await user.keyboard('a hope');
    await user.keyboard('{Control>}z{/Control}');
    // Neither the label nor the text was taken back by the workspace.
    expect(inconsistent()).toHaveAttribute('aria-pressed', 'true');
    expect(explanation).toHaveFocus();
    expect(screen.queryByText(/^Undone/)).toBeNull();
    await waitFor(() => expect(bodies(server).at(-1)).toMatchObject({ explanation: 'a hope' }), { timeout: 3000 });
    expect(bodies(server).some((body) => (body as { label?: string }).label === '')).toBe(false);

    // Outside the field, the typing is one step: one Ctrl+Z takes the whole text back.
    await user.keyboard('{Escape}{Control>}z{/Control}');
    expect(explanation).toHaveValue('');
    expect(inconsistent()).toHaveAttribute('aria-pressed', 'true');
  });
});
