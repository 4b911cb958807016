// The key-fact panel, its alignment grid and the atomic-fact panels in the workspace, by
// keyboard first: written and given lists, sentence-level alignment, scores, verdicts and
// evidence, conflicts in words, and a refused submit that leads to the cell.

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';

import type { WorkspacePayload } from '../../api/types';
import { AppRoutes } from '../../routes';
import { fakeServer, savesLike } from '../../test/fakeServer';
import { workspacePayload } from '../../test/fixtures';
import { errorResponse, renderWithProviders } from '../../test/render';
import { answer } from '../../test/answer';

const A = 'summary-901-handle-xyz';
const B = 'summary-902-handle-xyz';
const A1 = 'sentence-4001-handle-x';
const B1 = 'sentence-4003-handle-x';
const KEY_FACTS_URL = 'PATCH /api/assignments/12/key_facts/';
const ACUS_A_URL = `PATCH /api/assignments/12/atomic_facts/${A}/`;
const ACUS_B_URL = `PATCH /api/assignments/12/atomic_facts/${B}/`;

function factsPayload(overrides: Partial<WorkspacePayload> = {}): WorkspacePayload {
  const payload = workspacePayload();
  return {
    ...payload,
    scheme: { ...payload.scheme, completeness: true, atomic_facts: true, show_fact_scores: true },
    ...overrides,
  };
}

function renderWorkspace(payload: WorkspacePayload, routes = {}) {
  const server = fakeServer({
    'GET /api/assignments/12/': () => answer('GET /api/assignments/{assignment_id}/', 200, payload),
    [KEY_FACTS_URL]: savesLike('PATCH /api/assignments/{assignment_id}/key_facts/', {}),
    [ACUS_A_URL]: savesLike('PATCH /api/assignments/{assignment_id}/atomic_facts/{summary}/', { summary: A }),
    [ACUS_B_URL]: savesLike('PATCH /api/assignments/{assignment_id}/atomic_facts/{summary}/', { summary: B }),
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

const savesTo = (server: ReturnType<typeof fakeServer>, url: string) =>
  server.saves().filter((request) => `PATCH ${request.path}` === url);
const lastBody = (server: ReturnType<typeof fakeServer>, url: string) =>
  savesTo(server, url).at(-1)?.body as { facts: Record<string, unknown>[]; version: number } | undefined;
const cell = (fact: number, summary: string) => screen.getByRole('gridcell', { name: new RegExp(`^Key fact ${fact}, summary ${summary}:`) });

/** The workspace has loaded (the first render of a run is slow on a busy machine). */
const loaded = () => screen.findByRole('heading', { name: 'Key facts' }, { timeout: 10_000 });

beforeEach(() => {
  window.localStorage.clear();
});

describe('scores', () => {
  it('are hidden from the linguist unless the scheme shows them', async () => {
    const payload = factsPayload();
    renderWorkspace({
      ...payload,
      scheme: { ...payload.scheme, show_fact_scores: false },
      judgements: {
        ...payload.judgements,
        key_facts: { facts: [{ position: 1, text: 'A fact', given: null, alignments: [] }], version: 1 },
      },
    });
    await loaded();
    await userEvent.setup().keyboard('p');
    expect(screen.getByRole('textbox', { name: 'Key fact 1' })).toHaveValue('A fact');
    expect(screen.queryByRole('table', { name: 'Your completeness and conciseness per summary' })).toBeNull();
    expect(screen.queryByText(/ACU score/)).toBeNull();
  });
});

describe('key facts', () => {
  it('are written by keyboard: p opens the panel, Enter adds each fact, and the whole list is saved', async () => {
    const { server, user } = renderWorkspace(factsPayload());
    await loaded();
    await user.keyboard('p');
    expect(screen.getByRole('textbox', { name: 'Key fact 1' })).toHaveFocus();

    await user.keyboard('The council votes tonight{Enter}Who pays is open{Enter}Ridership is unknown{Enter}');

    expect(screen.getByRole('textbox', { name: 'Key fact 4' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Key fact 2' })).toHaveValue('Who pays is open');
    await waitFor(() => expect(lastBody(server, KEY_FACTS_URL)?.facts).toHaveLength(3));
    expect(lastBody(server, KEY_FACTS_URL)?.facts).toEqual([
      { position: 1, text: 'The council votes tonight', given: null, alignments: [] },
      { position: 2, text: 'Who pays is open', given: null, alignments: [] },
      { position: 3, text: 'Ridership is unknown', given: null, alignments: [] },
    ]);
    await waitFor(() => expect(screen.getByText('Saved ✓')).toBeInTheDocument());
  });

  it('are reordered with Alt+↑/↓ and removed with Backspace in an emptied fact', async () => {
    const payload = factsPayload();
    const facts = ['First', 'Second', 'Third'].map((text, index) => ({ position: index + 1, text, given: null, alignments: [] }));
    const { server, user } = renderWorkspace({ ...payload, judgements: { ...payload.judgements, key_facts: { facts, version: 2 } } });
    await loaded();
    const second = screen.getByRole('textbox', { name: 'Key fact 2' });
    await user.click(second);
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');

    expect(screen.getByRole('textbox', { name: 'Key fact 1' })).toHaveValue('Second');
    expect(screen.getByRole('textbox', { name: 'Key fact 1' })).toHaveFocus();
    await waitFor(() => expect(lastBody(server, KEY_FACTS_URL)?.facts.map((fact) => fact.text)).toEqual(['Second', 'First', 'Third']));

    // Emptying a fact saves nothing (a fact has words); Backspace then removes it.
    const third = screen.getByRole('textbox', { name: 'Key fact 3' });
    await user.clear(third);
    expect(savesTo(server, KEY_FACTS_URL)).toHaveLength(1);
    await user.keyboard('{Backspace}');
    // Two facts left; the field after them is where a third would be written.
    const fields = screen.getAllByRole('textbox', { name: /^Key fact \d$/ }) as HTMLTextAreaElement[];
    expect(fields.map((field) => field.value)).toEqual(['Second', 'First', '']);
    expect(screen.getByRole('textbox', { name: 'Key fact 2' })).toHaveFocus();
    await waitFor(() => expect(lastBody(server, KEY_FACTS_URL)).toEqual({ facts: [
      { position: 1, text: 'Second', given: null, alignments: [] },
      { position: 2, text: 'First', given: null, alignments: [] },
    ], version: 3 }));
  });

  it('are aligned in the grid: arrows move, Space decides, a digit marks a sentence, Enter opens the cell', async () => {
    const payload = factsPayload();
    const facts = ['The line was approved', 'Ridership doubles'].map((text, index) => ({ position: index + 1, text, given: null, alignments: [] }));
    const { server, user } = renderWorkspace({ ...payload, judgements: { ...payload.judgements, key_facts: { facts, version: 1 } } });
    await loaded();

    await user.keyboard('l');
    expect(cell(1, 'A')).toHaveFocus();
    await user.keyboard(' ');
    expect(cell(1, 'A')).toHaveAccessibleName('Key fact 1, summary A: states it (no sentence marked yet)');
    // A digit is sentence 1 of summary A, not the label of a sentence.
    await user.keyboard('1');
    expect(cell(1, 'A')).toHaveAccessibleName('Key fact 1, summary A: states it (sentence 1)');
    expect(screen.getByRole('button', { name: 'Summary A, sentence 1: consistent' })).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{ArrowRight}  ');
    expect(cell(1, 'B')).toHaveFocus();
    expect(cell(1, 'B')).toHaveAccessibleName('Key fact 1, summary B: does not state it');
    await user.keyboard('{ArrowDown}{Enter}');
    const detail = screen.getByRole('group', { name: 'Alignment of key fact 2 in summary B' });
    await user.click(within(detail).getByRole('button', { name: /sentence 1 states key fact 2/ }));
    expect(cell(2, 'B')).toHaveAccessibleName('Key fact 2, summary B: states it (sentence 1)');

    await waitFor(() =>
      expect(lastBody(server, KEY_FACTS_URL)?.facts).toEqual([
        {
          position: 1,
          text: 'The line was approved',
          given: null,
          alignments: [
            { summary: A, covered: true, sentences: [{ sentence: A1 }] },
            { summary: B, covered: false, sentences: [] },
          ],
        },
        { position: 2, text: 'Ridership doubles', given: null, alignments: [{ summary: B, covered: true, sentences: [{ sentence: B1 }] }] },
      ]),
    );
    // The linguist's own scores, per summary by letter.
    const scores = screen.getByRole('table', { name: 'Your completeness and conciseness per summary' });
    const rows = within(scores).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('A1 of 2 (50%)1 of 2 (50%)');
    expect(rows[2]).toHaveTextContent('B1 of 2 (50%)1 of 1 (100%)');

    // Esc closes the open cell, and again leaves the grid for that row's fact: focus is not lost.
    await user.keyboard('{Escape}');
    expect(cell(2, 'B')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('textbox', { name: /^Key fact 2/ })).toHaveFocus();
  });

  it('leave the grid with Esc for the sentence that states the fact when the list is given', async () => {
    const given = [{ id: 71, position: 1, text: 'The council votes tonight.' }];
    const { user } = renderWorkspace(factsPayload({ key_fact_source: 'finesure', given_key_facts: given }));
    await loaded();
    await user.keyboard('p');
    expect(cell(1, 'A')).toHaveFocus();
    // Sentence 2 of summary A states it: Esc goes there.
    await user.keyboard('2{Escape}');
    expect(screen.getByRole('group', { name: 'Summary A, sentence 2' })).toHaveFocus();
    // Summary B: nothing marked yet, so its first sentence.
    await user.keyboard('l');
    expect(cell(1, 'B')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('group', { name: 'Summary B, sentence 1' })).toHaveFocus();
  });

  it('from a given list are read-only and sent back as given, only the alignments changing', async () => {
    const given = [
      { id: 71, position: 1, text: 'The council votes tonight.' },
      { id: 72, position: 4, text: 'Funding is undecided.' },
    ];
    const { server, user } = renderWorkspace(factsPayload({ key_fact_source: 'finesure', given_key_facts: given }));
    await loaded();
    expect(screen.queryByRole('textbox', { name: /^Key fact/ })).toBeNull();
    expect(screen.getByRole('list', { name: 'Given key facts' })).toHaveTextContent('Funding is undecided.');

    await user.keyboard('p');
    expect(cell(1, 'A')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowRight} ');
    await waitFor(() =>
      expect(lastBody(server, KEY_FACTS_URL)).toEqual({
        facts: [
          { position: 1, text: 'The council votes tonight.', given: 71, alignments: [] },
          { position: 2, text: 'Funding is undecided.', given: 72, alignments: [{ summary: B, covered: true, sentences: [] }] },
        ],
        version: 0,
      }),
    );
  });

  it('show a conflict as both lists in words, summaries by letter', async () => {
    const payload = factsPayload();
    const current = {
      facts: [{ position: 1, text: 'Someone else’s fact', given: null, alignments: [{ summary: B, covered: false, sentences: [] }] }],
      version: 4,
    };
    const { user } = renderWorkspace(payload, {
      [KEY_FACTS_URL]: () => errorResponse(409, { message: 'This answer changed since you loaded it.', current }),
    });
    await loaded();
    await user.keyboard('p');
    await user.keyboard('My fact{Enter}');

    const panel = await screen.findByRole('alert', { name: /The key facts changed on the server/ });
    expect(within(panel).getByRole('region', { name: 'Yours: The key facts' })).toHaveTextContent('1. “My fact”');
    expect(within(panel).getByRole('region', { name: 'Saved on the server: The key facts' })).toHaveTextContent(
      '1. “Someone else’s fact” — B does not state it',
    );
    expect(panel.textContent).not.toContain(B);
  });

  it('lead a refused submit to the cell that needs a decision', async () => {
    const payload = factsPayload();
    const facts = ['One', 'Two'].map((text, index) => ({ position: index + 1, text, given: null, alignments: [] }));
    const { user } = renderWorkspace(
      { ...payload, judgements: { ...payload.judgements, key_facts: { facts, version: 1 } } },
      {
        'POST /api/assignments/12/submit/': () =>
          errorResponse(400, {
            message: '1 item is missing.',
            missing: [{ summary: 'B', sentence: null, item: 'coverage:2', message: 'Summary B: say whether it states key fact 2.' }],
          }),
      },
    );
    await loaded();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('dialog', { name: 'Submit this unit?' });
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert', { name: /Not submitted/ });
    await user.click(within(alert).getByRole('button', { name: 'Summary B: say whether it states key fact 2.' }));
    expect(cell(2, 'B')).toHaveFocus();
  });
});

describe('atomic facts', () => {
  it('are written as claims of the focused sentence with a, verified with 1/2, evidence linked with d', async () => {
    const { server, user } = renderWorkspace(factsPayload());
    await loaded();
    await user.keyboard('j');
    await user.keyboard('a');
    const field = screen.getByRole('textbox', { name: 'Atomic fact 1 of summary A' });
    expect(field).toHaveFocus();
    expect(screen.getByText('Enter adds a claim of sentence 1: “The council approved the new line.”')).toBeInTheDocument();

    await user.keyboard('The council approved a line{Enter}{Escape}');
    const row = screen.getByRole('group', { name: /^Atomic fact 1 of summary A:/ });
    expect(row).toHaveFocus();
    await user.keyboard('1');
    expect(row).toHaveAccessibleName('Atomic fact 1 of summary A: supported');
    expect(screen.getAllByText('ACU score 1 of 1 (100%)')).toHaveLength(1);
    // Not the sentence's label: the digit was the fact's verdict.
    expect(screen.getByRole('button', { name: 'Summary A, sentence 1: consistent' })).toHaveAttribute('aria-pressed', 'false');

    // The focused fact is what the dialogue links evidence to: d, then Enter on a turn.
    await user.keyboard('d');
    expect(document.querySelector('[data-turn-id="501"]')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(lastBody(server, ACUS_A_URL)?.facts).toEqual([
        {
          position: 1,
          text: 'The council approved a line',
          given: null,
          sentence: A1,
          verdict: 'supported',
          no_evidence: false,
          evidence: [{ turn: 501, start: 0, end: 48 }],
        },
      ]),
    );
    expect(screen.getByRole('list', { name: 'Evidence for atomic fact 1 of summary A' })).toHaveTextContent('Turn 1: the whole turn');
    // Esc from the dialogue goes back to the fact.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('group', { name: /^Atomic fact 1 of summary A:/ })).toHaveFocus();
  });

  it('given by the round are read-only: verdict and evidence only, sent back as given', async () => {
    const payload = factsPayload({ given_atomic_facts: true });
    const summaries = payload.summaries.map((summary, index) =>
      index === 1 ? { ...summary, given_atomic_facts: [{ id: 'acu-handle-given-000001', position: 1, text: 'Funding is discussed.' }] } : summary,
    );
    const { server, user } = renderWorkspace({ ...payload, summaries });
    await loaded();
    expect(screen.queryByRole('textbox', { name: /Atomic fact/ })).toBeNull();
    await user.keyboard('jjj'); // summary B's sentence
    await user.keyboard('a');
    expect(screen.getByRole('group', { name: 'Atomic fact 1 of summary B: no verdict yet' })).toHaveFocus();
    await user.keyboard('2o');
    await waitFor(() =>
      expect(lastBody(server, ACUS_B_URL)?.facts).toEqual([
        {
          position: 1,
          text: 'Funding is discussed.',
          given: 'acu-handle-given-000001',
          sentence: null,
          verdict: 'not_supported',
          no_evidence: true,
          evidence: [],
        },
      ]),
    );
    expect(screen.getByText('ACU score 0 of 1 (0%)')).toBeInTheDocument();
  });
});

describe('the fact panels’ keys', () => {
  it('are declared by every control and listed on the shortcut sheet', async () => {
    const payload = factsPayload();
    const facts = ['One', 'Two'].map((text, index) => ({ position: index + 1, text, given: null, alignments: [] }));
    const acus = [{ position: 1, text: 'Claim.', given: null, sentence: A1, verdict: 'supported', no_evidence: false, evidence: [] }];
    const judgements = {
      ...payload.judgements,
      key_facts: { facts, version: 1 },
      atomic_facts: [{ summary: A, facts: acus, version: 1 }],
    } as unknown as WorkspacePayload['judgements'];
    const { user } = renderWorkspace({ ...payload, judgements });
    await loaded();
    await user.keyboard('l{Enter}');
    screen.getByRole('group', { name: 'Alignment of key fact 1 in summary A' });

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
    const controls = roles.flatMap((role) => screen.queryAllByRole(role));
    const keys = controls.map((control) => control.getAttribute('aria-keyshortcuts')?.replace('Control', 'Ctrl'));
    expect(controls.filter((_, index) => keys[index] == null).map((control) => control.getAttribute('aria-label') ?? control.textContent)).toEqual([]);
    expect([...new Set(keys)].filter((key) => key != null && !listed.has(key) && !/^\d$/.test(key))).toEqual([]);
    // The grid's own keys are on the sheet too.
    for (const key of ['p', 'l', 'a', 'Space', 'Delete', '1–9', '1–2', 'Alt+↑', 'o', 'd']) expect(listed).toContain(key);
  });
});
