import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { QueueEntry, WorkspacePayload } from '../api/types';
import { AppRoutes } from '../routes';
import { fakeServer, savesLike } from '../test/fakeServer';
import { LEAKED_SYSTEM_NAME, queueResponse, workspacePayload } from '../test/fixtures';
import { renderWithProviders, errorResponse } from '../test/render';
import { answer } from '../test/answer';
import { storageKeyFor } from './saveQueue';

const SENTENCE_A1 = { sentence: 'sentence-4001-handle-x', label: '' as const, explanation: '', comment: '', confidence: null, error_types: [], spans: [] };
/** A submit's answer: the assignment's queue entry, now submitted. */
const SUBMITTED: QueueEntry = { ...queueResponse().assignments[0]!, status: 'submitted', submitted_at: '2025-01-12T10:00:00Z' };

function renderWorkspace(payload: WorkspacePayload = workspacePayload(), routes = {}) {
  const server = fakeServer({
    'GET /api/assignments/12/': () => answer('GET /api/assignments/{assignment_id}/', 200, payload),
    'PATCH /api/assignments/12/sentences/sentence-4001-handle-x/': savesLike('PATCH /api/assignments/{assignment_id}/sentences/{sentence}/', SENTENCE_A1),
    'PATCH /api/assignments/12/summaries/summary-901-handle-xyz/': savesLike('PATCH /api/assignments/{assignment_id}/summaries/{summary}/', { summary: 'summary-901-handle-xyz', relevance: null, not_a_summary: false, comment: '' }),
    'PATCH /api/assignments/12/topic/': savesLike('PATCH /api/assignments/{assignment_id}/topic/', { category: '' }),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(
    <MemoryRouter initialEntries={['/app/assignments/12']}>
      <AppRoutes />
    </MemoryRouter>,
  );
  return { server, user };
}

async function sentence(name: string) {
  return screen.findByRole('group', { name });
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('the workspace', () => {
  it('shows the numbered dialogue, the topic and the summaries by letter', async () => {
    renderWorkspace();

    expect(await screen.findByRole('heading', { name: 'Summary A' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Summary B' })).toBeInTheDocument();
    const dialogue = screen.getByRole('region', { name: 'Dialogue' });
    const turns = within(dialogue).getAllByRole('listitem');
    expect(turns).toHaveLength(3);
    expect(turns[1]).toHaveTextContent('Turn 2 DEV PATEL (transit analyst)');
    expect(turns[1]).toHaveTextContent('The question is who pays for the river bus.');
    expect(screen.getByText('Funding for the river bus line')).toBeInTheDocument();
    expect(screen.getByText('Demo study (TofuEval scheme) · Pilot 1')).toBeInTheDocument();
    expect(screen.getByText('unit 3 of 9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guidelines v1' })).toBeInTheDocument();
    expect(screen.getByText('12 min')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '1 of 2 sentences done' })).toBeInTheDocument();
    // Every definition is in view: topic categories and relevance anchors.
    expect(screen.getByRole('radio', { name: 'Marginal' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: '4 — Relevant' })).toHaveLength(2);
  });

  it('never renders a field it does not know, such as a leaked summarizer name', async () => {
    renderWorkspace();

    await screen.findByRole('heading', { name: 'Summary A' });
    expect(document.body.innerHTML).not.toContain(LEAKED_SYSTEM_NAME);
  });

  it('marks the turns hinted for the sentence being judged, quietly, and only those', async () => {
    const { user } = renderWorkspace();
    await sentence('Summary A, sentence 1');
    const turns = () => [...document.querySelectorAll('.turn')].map((turn) => turn.hasAttribute('data-hint'));
    expect(turns()).toEqual([false, false, false]);
    await user.keyboard('j');
    expect(turns()).toEqual([true, true, false]);
    expect(document.getElementById('turn-1')).toHaveTextContent('related to this sentence');
    await user.keyboard('j');
    expect(turns()).toEqual([false, false, false]);
  });

  it('labels a sentence with the keyboard, asks for an explanation and saves each change', async () => {
    const { server, user } = renderWorkspace();
    const first = await sentence('Summary A, sentence 1');

    await user.keyboard('j');
    expect(first).toHaveFocus();

    await user.keyboard('2');

    expect(screen.getByRole('button', { name: 'Summary A, sentence 1: inconsistent' })).toHaveAttribute('aria-pressed', 'true');
    const explanation = screen.getByRole('textbox', { name: /Explanation for summary A, sentence 1/ });
    expect(explanation).toBeRequired();
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]).toEqual({
      method: 'PATCH',
      path: '/api/assignments/12/sentences/sentence-4001-handle-x/',
      body: { label: 'inconsistent', version: 0 },
    });
    expect(first).toHaveFocus(); // the save did not move focus
    await waitFor(() => expect(screen.getByText('Saved ✓')).toBeInTheDocument());

    // `e` goes to the explanation; letters typed there are text, not shortcuts.
    await user.keyboard('e');
    expect(explanation).toHaveFocus();
    await user.keyboard('just a hope');
    expect(explanation).toHaveValue('just a hope');
    expect(explanation).toHaveFocus();

    await waitFor(() => expect(server.saves()).toHaveLength(2), { timeout: 2000 });
    expect(server.saves()[1]?.body).toEqual({ explanation: 'just a hope', version: 1 });

    // Escape leaves the field, back to its sentence; `j` then moves on.
    await user.keyboard('{Escape}');
    expect(first).toHaveFocus();
    await user.keyboard('j');
    expect(await sentence('Summary A, sentence 2')).toHaveFocus();
  });

  it('picks error types with t: type to filter, Enter to add', async () => {
    const { server, user } = renderWorkspace();
    await sentence('Summary A, sentence 1');
    await user.click(screen.getByRole('button', { name: 'Summary A, sentence 1: inconsistent' }));

    await user.keyboard('t');
    const picker = screen.getByRole('combobox', { name: /Error types for summary A, sentence 1/ });
    expect(picker).toHaveFocus();
    await user.keyboard('opin');
    expect(await screen.findByRole('option', { name: /Stating Opinion As Fact/ })).toHaveTextContent(
      'A hope or opinion presented as a fact.',
    );
    expect(screen.queryByRole('option', { name: /Extrinsic Information/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('button', { name: 'Remove Stating Opinion As Fact' })).toBeInTheDocument();
    // Both reach the server, the type on top of the label. Chosen within the idle time they
    // go as one save (saveQueue.test.ts proves the coalescing with fake timers); here, with
    // real timers on a loaded machine, the keystrokes may straddle the idle flush, so the
    // label may go first and the type as the next version: either way nothing is lost.
    await waitFor(
      () => {
        const bodies = server.saves().map((save) => save.body);
        expect([
          [{ label: 'inconsistent', error_types: [32], version: 0 }],
          [
            { label: 'inconsistent', version: 0 },
            { error_types: [32], version: 1 },
          ],
        ]).toContainEqual(bodies);
      },
      { timeout: 4000 },
    );
  });

  it('rates the relevance of the focused sentence’s summary with r then a digit', async () => {
    const { server, user } = renderWorkspace();
    await sentence('Summary A, sentence 1');

    await user.keyboard('j');
    await user.keyboard('r');
    expect(screen.getByText('Relevance: press 1–5')).toBeInTheDocument();
    await user.keyboard('4');

    const group = screen.getByRole('radiogroup', { name: 'Relevance of summary A to the topic' });
    expect(within(group).getByRole('radio', { name: '4 — Relevant' })).toBeChecked();
    await waitFor(() =>
      expect(server.saves()).toContainEqual({
        method: 'PATCH',
        path: '/api/assignments/12/summaries/summary-901-handle-xyz/',
        body: { relevance: 4, version: 0 },
      }),
    );
  });

  it('answers from a focused question: its digit answers it, c or r then a digit answers theirs', async () => {
    const { server, user } = renderWorkspace();
    await sentence('Summary A, sentence 1');
    const relevanceA = screen.getByRole('radiogroup', { name: 'Relevance of summary A to the topic' });
    within(relevanceA).getByRole('radio', { name: '1 — Not relevant' }).focus();

    // The digit alone answers the question that has focus, and focus follows the answer.
    await user.keyboard('4');
    expect(within(relevanceA).getByRole('radio', { name: '4 — Relevant' })).toHaveFocus();
    await waitFor(() => expect(server.saves().map((save) => save.body)).toEqual([{ relevance: 4, version: 0 }]));

    // c then 2 sets the topic category, not relevance 2, though a relevance choice has focus.
    await user.keyboard('c2');
    expect(screen.getByRole('radio', { name: 'Marginal' })).toBeChecked();
    expect(within(relevanceA).getByRole('radio', { name: '4 — Relevant' })).toBeChecked();
    await waitFor(() =>
      expect(server.saves()).toContainEqual({ method: 'PATCH', path: '/api/assignments/12/topic/', body: { category: 'marginal', version: 0 } }),
    );
    expect(server.saves().filter((save) => save.path.includes('/summaries/'))).toHaveLength(1);

    // r then 5 changes it from there too; the arrows only move focus.
    await user.keyboard('r5');
    expect(within(relevanceA).getByRole('radio', { name: '5 — Fully relevant' })).toBeChecked();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(relevanceA).getByRole('radio', { name: '3 — Partly relevant' })).toHaveFocus();
    await waitFor(() => expect(screen.getByText('Saved ✓')).toBeInTheDocument());
    expect(server.saves().filter((save) => save.path.includes('/summaries/')).map((save) => save.body)).toEqual([
      { relevance: 4, version: 0 },
      { relevance: 5, version: 1 },
    ]);

    // Esc goes back to the summary's sentence.
    await user.keyboard('{Escape}');
    expect(await sentence('Summary A, sentence 1')).toHaveFocus();
  });

  it('goes back to the sentence with Esc from any control, not only from text fields', async () => {
    const { user } = renderWorkspace();
    await sentence('Summary A, sentence 1');
    await user.keyboard('jj');
    expect(await sentence('Summary A, sentence 2')).toHaveFocus();

    screen.getByRole('checkbox', { name: 'Not a summary (summary A)' }).focus();
    await user.keyboard('{Escape}');
    expect(await sentence('Summary A, sentence 2')).toHaveFocus();

    screen.getByRole('button', { name: 'Summary A, sentence 1: consistent' }).focus();
    await user.keyboard('{Escape}');
    expect(await sentence('Summary A, sentence 1')).toHaveFocus();
  });

  it('jumps to the next unanswered item with n', async () => {
    const { user } = renderWorkspace();
    await sentence('Summary A, sentence 1');

    await user.keyboard('n');
    expect(screen.getByRole('radio', { name: 'Main' })).toHaveFocus();
    await user.keyboard('n');
    expect(await sentence('Summary A, sentence 1')).toHaveFocus();
    await user.keyboard('n'); // sentence 2 is answered already
    expect(screen.getAllByRole('radio', { name: '1 — Not relevant' })[0]).toHaveFocus();
  });

  it('shows a conflict side by side and keeps my text until I choose', async () => {
    let calls = 0;
    const current = { ...SENTENCE_A1, label: 'consistent' as const, version: 5 };
    const { server, user } = renderWorkspace(workspacePayload(), {
      'PATCH /api/assignments/12/sentences/sentence-4001-handle-x/': (body: unknown) => {
        calls += 1;
        if (calls === 1) return errorResponse(409, { message: 'This answer changed since you loaded it.', current  });
        const { version, ...fields } = body as { version: number };
        return answer('PATCH /api/assignments/{assignment_id}/sentences/{sentence}/', 200, { ...current, ...fields, version: version + 1 });
      },
    });
    await sentence('Summary A, sentence 1');

    await user.click(screen.getByRole('button', { name: 'Summary A, sentence 1: inconsistent' }));

    const panel = await screen.findByRole('alert', { name: /changed on the server/ });
    expect(within(panel).getByRole('region', { name: 'Yours: Summary A, sentence 1' })).toHaveTextContent('inconsistent');
    expect(within(panel).getByRole('region', { name: 'Saved on the server: Summary A, sentence 1' })).toHaveTextContent(
      'consistent',
    );
    expect(screen.getByText('Conflict — choose a version')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(storageKeyFor(12))!).items[0].fields).toEqual({ label: 'inconsistent' });

    await user.click(within(panel).getByRole('button', { name: 'Keep mine' }));

    await waitFor(() => expect(server.saves()).toHaveLength(2));
    expect(server.saves()[1]?.body).toEqual({ label: 'inconsistent', version: 5 });
    await waitFor(() => expect(screen.getByText('Saved ✓')).toBeInTheDocument());
    expect(window.localStorage.getItem(storageKeyFor(12))).toBeNull();
  });

  it('replays changes left in this browser on top of the server state', async () => {
    window.localStorage.setItem(
      storageKeyFor(12),
      JSON.stringify({ format: 1, items: [{ key: 'sentence:sentence-4001-handle-x', version: 0, fields: { label: 'inconsistent', explanation: 'typed before the reload' } }] }),
    );
    const { server } = renderWorkspace();

    expect(await screen.findByRole('textbox', { name: /Explanation for summary A, sentence 1/ })).toHaveValue(
      'typed before the reload',
    );
    await waitFor(() =>
      expect(server.saves()[0]?.body).toEqual({ label: 'inconsistent', explanation: 'typed before the reload', version: 0 }),
    );
    await waitFor(() => expect(window.localStorage.getItem(storageKeyFor(12))).toBeNull());
  });

  it('lists what is missing when submit is refused and goes to each item', async () => {
    const { user, server } = renderWorkspace(workspacePayload(), {
      'POST /api/assignments/12/submit/': () =>
        errorResponse(400, {
          message: '2 items are missing.',
          missing: [
            { summary: 'A', sentence: 1, item: 'label', message: 'Summary A, sentence 1: choose consistent or inconsistent.' },
            { summary: null, sentence: null, item: 'topic_category', message: 'Topic: choose main, marginal or irrelevant.' },
          ],
        }),
    });
    await sentence('Summary A, sentence 1');

    await user.keyboard('{Control>}{Enter}{/Control}');
    // Submitting is for good: it asks first, and Esc cancels without sending anything.
    expect(await screen.findByRole('dialog', { name: 'Submit this unit?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit this unit?' })).not.toBeInTheDocument());
    expect(server.requests.filter((request) => request.path.endsWith('/submit/'))).toEqual([]);

    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('dialog', { name: 'Submit this unit?' });
    await user.keyboard('{Enter}');

    const alert = await screen.findByRole('alert', { name: /Not submitted: 2 items are missing/ });
    await user.click(within(alert).getByRole('button', { name: 'Summary A, sentence 1: choose consistent or inconsistent.' }));
    expect(await sentence('Summary A, sentence 1')).toHaveFocus();
    await user.click(within(alert).getByRole('button', { name: 'Topic: choose main, marginal or irrelevant.' }));
    expect(screen.getByRole('radio', { name: 'Main' })).toHaveFocus();
  });

  it('gives every control a key, listed on the shortcut sheet', async () => {
    const answered = workspacePayload({
      judgements: {
        sentences: [
          { sentence: 'sentence-4001-handle-x', label: 'inconsistent', explanation: 'Only hoped for.', comment: '', confidence: null, error_types: [32], spans: [], version: 1 },
        ],
        summaries: [],
        topic: null,
        key_facts: null,
        atomic_facts: [],
      },
    });
    const { user } = renderWorkspace(answered, {
      'POST /api/assignments/12/submit/': () => answer('POST /api/assignments/{assignment_id}/submit/', 200, SUBMITTED),
    });
    await sentence('Summary A, sentence 1');
    await user.keyboard('g');
    await screen.findByRole('complementary', { name: 'Guidelines v1' });

    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const listed = new Set(
      within(sheet)
        .getAllByRole('row')
        .map((row) => Array.from(row.querySelectorAll('kbd'), (kbd) => kbd.textContent).join('+')),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const roles = ['button', 'link', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio'] as const;
    function unkeyed() {
      const controls = roles.flatMap((role) => screen.queryAllByRole(role));
      // aria-keyshortcuts "Control+Enter" is the sheet's Ctrl + Enter.
      const keys = controls.map((control) => control.getAttribute('aria-keyshortcuts')?.replace('Control', 'Ctrl'));
      const radios = screen.getAllByRole('radiogroup');
      return {
        withoutKey: controls.filter((_, index) => keys[index] == null).map((control) => control.getAttribute('aria-label') ?? control.textContent),
        notOnSheet: [...new Set(keys)].filter(
          // A choice's digit is on the sheet as the question's row (r 1–5, c 1–3).
          (key) => key != null && !listed.has(key) && !/^\d$/.test(key),
        ),
        groupsWithoutTheirKey: radios.filter((group) => !/Press [rcf], then 1–[35]/.test(group.textContent ?? '')).length,
      };
    }
    expect(unkeyed()).toEqual({ withoutKey: [], notOnSheet: [], groupsWithoutTheirKey: 0 });

    // After submit too: the link to the next unit has its key.
    await user.keyboard('{Control>}{Enter}{/Control}');
    await user.click(await screen.findByRole('button', { name: 'Submit (Enter)' }));
    expect(await screen.findByRole('link', { name: /Go to the next unit/ })).toHaveAttribute('aria-keyshortcuts', 'Shift+N');
    expect(unkeyed()).toEqual({ withoutKey: [], notOnSheet: [], groupsWithoutTheirKey: 0 });
  });

  const QUEUE_ROUTES = {
    'GET /api/me/': () =>
      answer('GET /api/me/', 200, { username: 'linguist1', display_name: '', is_staff: false, is_superuser: false, can_create_projects: false, memberships: [{ project: 'demo', project_name: 'Demo study', role: 'annotator' }] }),
    'GET /api/assignments/': () => answer('GET /api/assignments/', 200, queueResponse()),
  };

  it('goes back to the queue with Shift+Q', async () => {
    const { user } = renderWorkspace(workspacePayload(), QUEUE_ROUTES);
    await sentence('Summary A, sentence 1');

    await user.keyboard('{Shift>}Q{/Shift}');
    expect(await screen.findByRole('heading', { name: 'Your assignments' })).toBeInTheDocument();
  });

  it('goes to the queue with Shift+N on the last unit, where its link says “Back to the queue”', async () => {
    const { user } = renderWorkspace(workspacePayload({ read_only: true, status: 'submitted', next_assignment: null }), QUEUE_ROUTES);
    await sentence('Summary A, sentence 1');
    expect(screen.getByRole('link', { name: /Back to the queue/ })).toHaveAttribute('aria-keyshortcuts', 'Shift+N');

    await user.keyboard('{Shift>}N{/Shift}');
    expect(await screen.findByRole('heading', { name: 'Your assignments' })).toBeInTheDocument();
  });

  it('takes Enter or Esc pressed at once after Ctrl+Enter, before focus is in the dialog', async () => {
    const { server } = renderWorkspace(workspacePayload(), {
      'POST /api/assignments/12/submit/': () => answer('POST /api/assignments/{assignment_id}/submit/', 200, SUBMITTED),
    });
    const first = await sentence('Summary A, sentence 1');
    first.focus();
    const submits = () => server.requests.filter((request) => request.path.endsWith('/submit/'));

    // A fast typist: both keys land on the sentence before the dialog's focus trap moves focus.
    fireEvent.keyDown(first, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(first, { key: '2' }); // not for the sentence behind the dialog
    fireEvent.keyDown(first, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit this unit?' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Summary A, sentence 1: inconsistent' })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.keyDown(first, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(await screen.findByText('Submitted — thank you')).toBeInTheDocument();
    expect(submits()).toHaveLength(1);
    expect(server.saves()).toEqual([]);
  });

  it('becomes read-only after submitting and links to the next unit', async () => {
    const { user, server } = renderWorkspace(workspacePayload(), {
      'POST /api/assignments/12/submit/': () => answer('POST /api/assignments/{assignment_id}/submit/', 200, SUBMITTED),
    });
    await sentence('Summary A, sentence 1');

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Submit (Enter)' }));

    expect(await screen.findByText('Submitted — thank you')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the next unit' })).toHaveAttribute('href', '/app/assignments/13');
    // Read-only answers stay visibly chosen: pressed, not greyed out, and inert.
    const saved = screen.getByRole('button', { name: 'Summary A, sentence 2: consistent' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(saved).toHaveAttribute('aria-disabled', 'true');
    expect(saved).not.toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Summary A, sentence 1: consistent' }));
    // The not-a-summary box too: read-only, not disabled (disabled greys it out to 1.9:1).
    const notASummary = screen.getByRole('checkbox', { name: 'Not a summary (summary A)' });
    expect(notASummary).not.toBeDisabled();
    expect(notASummary).toHaveAttribute('aria-readonly', 'true');
    await user.click(notASummary);
    expect(notASummary).not.toBeChecked();
    expect(server.saves()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    // Shift+N opens the next unit.
    await user.keyboard('{Shift>}N{/Shift}');
    expect(await screen.findByText(/Loading the unit|not found|Could not load/)).toBeInTheDocument();
  });

  it('finds text in the dialogue and steps through the matches', async () => {
    const { user } = renderWorkspace();
    const find = await screen.findByRole('searchbox', { name: 'Find in dialogue' });

    await user.type(find, 'river');

    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    expect(document.querySelectorAll('mark')).toHaveLength(2);
    await user.keyboard('{Enter}');
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    // Typing `j` in the find box does not move between sentences.
    expect(find).toHaveFocus();
  });

  it('opens the guidelines with g and the shortcut sheet with ?', async () => {
    const { user } = renderWorkspace();
    await sentence('Summary A, sentence 1');
    await user.keyboard('j');

    await user.keyboard('g');
    // Beside the work, not a dialog: focus stays on the sentence and the keys keep working.
    const panel = await screen.findByRole('complementary', { name: 'Guidelines v1' });
    expect(within(panel).getByRole('heading', { name: 'Guidelines' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await sentence('Summary A, sentence 1')).toHaveFocus();
    await user.keyboard('j');
    expect(await sentence('Summary A, sentence 2')).toHaveFocus();
    await user.keyboard('g');
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Guidelines v1' })).not.toBeInTheDocument());

    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveTextContent('Go to the next unanswered item');
  });

  it('moves focus into the guidelines with Shift+G to read them by keyboard, and back with Esc', async () => {
    const { user } = renderWorkspace();
    await sentence('Summary A, sentence 1');
    await user.keyboard('jj');

    await user.keyboard('{Shift>}G{/Shift}');
    const panel = await screen.findByRole('complementary', { name: 'Guidelines v1' });
    await waitFor(() => expect(panel).toHaveFocus()); // its arrows and Page Down scroll it
    await user.keyboard('{Escape}');
    expect(await sentence('Summary A, sentence 2')).toHaveFocus();

    // While focus is in them, the workspace keys still work.
    await user.keyboard('{Shift>}G{/Shift}');
    await waitFor(() => expect(panel).toHaveFocus());
    await user.keyboard('k');
    expect(await sentence('Summary A, sentence 1')).toHaveFocus();
    expect(panel).toBeInTheDocument();
  });

  it('says it is offline and how many changes wait when the server cannot be reached', async () => {
    const { user } = renderWorkspace(workspacePayload(), {
      'PATCH /api/assignments/12/sentences/sentence-4001-handle-x/': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await sentence('Summary A, sentence 1');

    await user.click(screen.getByRole('button', { name: 'Summary A, sentence 1: consistent' }));

    expect(await screen.findByText('Offline — 1 change pending')).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeyFor(12))).toContain('consistent');
  });

  describe('with error spans and evidence', () => {
    const spansPayload = () => {
      const payload = workspacePayload();
      return { ...payload, scheme: { ...payload.scheme, error_spans: true, evidence: true, require_evidence: true } };
    };

    it('marks a span by keyboard only and links a whole turn as its evidence', async () => {
      const { server, user } = renderWorkspace(spansPayload());
      await sentence('Summary A, sentence 1');
      await user.keyboard('j');
      // u: a word cursor on "The council approved the new line."; → moves, Shift+→ extends.
      await user.keyboard('u');
      await user.keyboard('{ArrowRight}{Shift>}{ArrowRight}{/Shift}');
      expect(screen.getByText('“council approved”: Enter marks it.')).toBeInTheDocument();
      await user.keyboard('{Enter}');

      await waitFor(() => expect(server.saves()).toHaveLength(1));
      expect(server.saves()[0]?.body).toEqual({
        spans: [{ start: 4, end: 20, error_type: null, note: '', no_evidence: false, evidence: [] }],
        label: 'inconsistent',
        version: 0,
      });
      expect(document.querySelector('.error-span')).toHaveTextContent('council approved');
      // The new span is active: d goes to the dialogue (its hinted turn first), Enter links it.
      expect(screen.getByRole('button', { name: /^Active span 1 of Summary A, sentence 1/ })).toHaveAttribute('aria-pressed', 'true');
      await user.keyboard('{Escape}d');
      const firstTurn = document.querySelector('[data-turn-id="501"]');
      expect(firstTurn).toHaveFocus();
      await user.keyboard('{ArrowDown}{Enter}');

      await waitFor(() => expect(server.saves()).toHaveLength(2));
      expect(server.saves()[1]?.body).toEqual({
        spans: [{ start: 4, end: 20, error_type: null, note: '', no_evidence: false, evidence: [{ turn: 502, start: 0, end: 43 }] }],
        version: 1,
      });
      expect(document.querySelector('[data-turn-id="502"]')).toHaveAttribute('data-evidence');
      expect(screen.getByRole('list', { name: /Evidence for span 1/ })).toHaveTextContent('Turn 2: the whole turn');
    });

    it('refuses a span overlapping another, and says "no evidence in the dialogue" with o', async () => {
      const payload = spansPayload();
      const saved = {
        sentence: 'sentence-4001-handle-x',
        label: 'inconsistent' as const,
        explanation: '',
        comment: '',
        confidence: null,
        error_types: [],
        spans: [{ start: 4, end: 11, error_type: null, note: '', no_evidence: false, evidence: [] }],
        version: 3,
      };
      const { server, user } = renderWorkspace({ ...payload, judgements: { ...payload.judgements, sentences: [saved] } });
      await sentence('Summary A, sentence 1');
      await user.keyboard('ju{ArrowLeft}{Shift>}{ArrowRight}{/Shift}{Enter}');
      expect(await screen.findByText(/overlaps a span already marked/)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: /^Activate span 1 of Summary A, sentence 1/ }));
      await user.keyboard('o');
      await waitFor(() => expect(server.saves()).toHaveLength(1));
      expect(server.saves()[0]?.body).toEqual({
        spans: [{ start: 4, end: 11, error_type: null, note: '', no_evidence: true, evidence: [] }],
        version: 3,
      });
      expect(screen.getByRole('checkbox', { name: /No evidence in the dialogue for span 1/ })).toBeChecked();
    });
  });
});
