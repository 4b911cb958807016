import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { components } from '../../api/schema';
import { fakeServer } from '../../test/fakeServer';
import { errorResponse } from '../../test/render';
import { renderWithProviders } from '../../test/render';
import { answer } from '../../test/answer';
import { AdjudicationQueuePage } from './AdjudicationQueuePage';
import { AdjudicationUnitPage } from './AdjudicationUnitPage';
import { changedFields } from '../../components/HistoryButton';

/** What the page sends to save a case: the server answers it back with the case's id. */
type CaseInput = components['schemas']['AdjudicationCaseInput'];
import type { AdjudicationPayload } from './types';

const SENTENCE = 'SentenceHandleAAAAAAAAA';

function payload(): AdjudicationPayload {
  return {
    assignment: 77,
    round: { id: 3, name: 'Pilot 1' },
    topic: { id: 55, name: 'Funding' },
    document: { title: 'City council', turns: [{ id: 501, position: 0, speaker: 'CHAIR', role: '', text: 'The motion carried by six votes to three.' }] },
    raters: ['alice', 'bob'],
    taxonomy: { name: 'TofuEval', types: [{ id: 3, code: 'EXT', name: 'Extrinsic Information', definition: '', example: '', parent: null }] },
    summaries: [
      {
        id: 'SummaryHandleAAAAAAAAAA',
        label: 'A',
        disagree: false,
        answers: { alice: { relevance: 4, not_a_summary: false, comment: '', history: { kind: 'summaryjudgement', id: 9 } } },
        gold: { relevance: { value: 4, provenance: 'single' } },
        sentences: [
          {
            id: SENTENCE,
            number: 1,
            text: 'The vote failed.',
            disagree: true,
            answers: {
              alice: {
                label: 'inconsistent',
                explanation: 'It passed.',
                error_types: ['Extrinsic Information'],
                spans: [{ start: 9, end: 15, text: 'failed', error_type: 'Extrinsic Information', note: '', no_evidence: false, evidence: [{ turn: 501, start: 11, end: 18, text: 'carried' }] }],
                history: { kind: 'sentencejudgement', id: 12 },
              },
              bob: { label: 'consistent', explanation: '', error_types: [], spans: [], history: { kind: 'sentencejudgement', id: 13 } },
            },
            types_disagree: false,
            review: { decision: 'false_positive', note: 'Says failed.', error_types: [], second: 'dispute', second_note: 'It passed.' },
            gold: { label: { value: 'inconsistent', provenance: 'tie' }, error_types: { value: ['Extrinsic Information'], provenance: 'single' } },
          },
        ],
      },
    ],
    topic_category: { answers: { alice: 'main', bob: 'main' }, gold: { value: 'main', provenance: 'unanimous' } },
    judgements: { sentences: [], summaries: [], topic: null, key_facts: null, atomic_facts: [] },
    key_facts: { lists: [], gold: { rule: null, rater: null } },
    atomic_facts: {},
    cases: [],
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('adjudication', () => {
  it('lists the queue and opens a unit', async () => {
    const server = fakeServer({
      'GET /api/admin/projects/demo/adjudication/?decided=false&page=1': () =>
        answer('GET /api/admin/projects/{slug}/adjudication/', 200, {
          count: 1,
          page: 1,
          page_size: 50,
          questions: ['review_dispute', 'sentence_label'],
          rounds: [{ id: 3, name: 'Pilot 1' }],
          hidden: 0,
          open_rounds: 0,
          items: [{ question: 'sentence_label', round: { id: 3, name: 'Pilot 1' }, topic_id: 55, unit: 'City council · Funding', summary: 'A', sentence: 1, agreement: 0.5, answers: 2, decided: false }],
        }),
      'POST /api/admin/projects/demo/adjudication/units/55/': () => answer('POST /api/admin/projects/{slug}/adjudication/units/{topic_id}/', 200, { assignment: 77 }),
      'GET /api/admin/adjudication/77/?round=3': () => answer('GET /api/admin/adjudication/{assignment_id}/', 200, payload()),
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/projects/demo/adjudication']}>
        <Routes>
          <Route path="/app/admin/projects/:slug/adjudication" element={<AdjudicationQueuePage />} />
          <Route path="/app/admin/adjudication/:assignmentId" element={<AdjudicationUnitPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('50% of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Adjudicate: City council/ }));
    expect(await screen.findByText('Adjudicate: City council · Funding')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(true);
  });

  it('says what an empty queue hides, or that rounds must be closed first', async () => {
    const empty = { count: 0, page: 1, page_size: 50, questions: ['sentence_label'], items: [] };
    fakeServer({
      'GET /api/admin/projects/demo/adjudication/?decided=false&page=1': () =>
        answer('GET /api/admin/projects/{slug}/adjudication/', 200, { ...empty, rounds: [{ id: 3, name: 'Pilot 1' }], hidden: 16, open_rounds: 0 }),
      'GET /api/admin/projects/fresh/adjudication/?decided=false&page=1': () =>
        answer('GET /api/admin/projects/{slug}/adjudication/', 200, { ...empty, rounds: [], hidden: 0, open_rounds: 2 }),
    });
    const page = (slug: string) =>
      renderWithProviders(
        <MemoryRouter initialEntries={[`/app/admin/projects/${slug}/adjudication`]}>
          <Routes>
            <Route path="/app/admin/projects/:slug/adjudication" element={<AdjudicationQueuePage />} />
          </Routes>
        </MemoryRouter>,
      );
    const { unmount } = page('demo');
    expect(await screen.findByText(/16 decided items hidden/)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table', { name: 'Items to adjudicate' })).not.toBeInTheDocument();
    unmount();
    page('fresh');
    expect(await screen.findByText(/2 rounds are still open. Close them on the project page first/)).toBeInTheDocument();
  });

  it('has keys like every work screen: ? lists them, j moves to a sentence, 2 sets its gold', async () => {
    const server = fakeServer({
      'GET /api/admin/adjudication/77/': () => answer('GET /api/admin/adjudication/{assignment_id}/', 200, payload()),
      [`PATCH /api/assignments/77/sentences/${SENTENCE}/`]: () =>
        answer('PATCH /api/assignments/{assignment_id}/sentences/{sentence}/', 200, { sentence: SENTENCE, label: 'inconsistent', explanation: '', comment: '', confidence: null, error_types: [], spans: [], version: 1 }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/adjudication/77']}>
        <Routes>
          <Route path="/app/admin/adjudication/:assignmentId" element={<AdjudicationUnitPage />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('Adjudicate: City council · Funding');
    // The gold relevance in effect shows in its select before the admin sets their own.
    expect(screen.getByRole('combobox', { name: 'Gold relevance of summary A' })).toHaveValue('4');
    expect(screen.getByRole('combobox', { name: 'Gold topic category' })).toHaveValue('main');

    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(sheet).getByText('Gold: inconsistent (the focused sentence)')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument());

    await user.keyboard('j');
    expect(document.activeElement).toBe(screen.getByLabelText('Summary A, sentence 1'));
    await user.keyboard('2');
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]).toMatchObject({ path: `/api/assignments/77/sentences/${SENTENCE}/`, body: { label: 'inconsistent', version: 0 } });
    // The page stays after the save, and so does the focus.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Gold saved.'));
    expect(document.activeElement).toBe(screen.getByLabelText('Summary A, sentence 1'));
  });

  it('sets a gold label, flags the case and reads a history', async () => {
    const server = fakeServer({
      'GET /api/admin/adjudication/77/': () => answer('GET /api/admin/adjudication/{assignment_id}/', 200, payload()),
      [`PATCH /api/assignments/77/sentences/${SENTENCE}/`]: () => answer('PATCH /api/assignments/{assignment_id}/sentences/{sentence}/', 200, { sentence: SENTENCE, label: 'consistent', explanation: '', comment: '', confidence: null, error_types: [], spans: [], version: 1 }),
      'PUT /api/admin/adjudication/77/cases/': (body) => answer('PUT /api/admin/adjudication/{assignment_id}/cases/', 200, { id: 1, ...(body as CaseInput) }),
      'GET /api/admin/history/sentencejudgement/12/': () =>
        answer('GET /api/admin/history/{kind}/{object_id}/', 200, {
          entries: [{ at: '2026-11-24T10:00:00Z', actor: 'alice', action: 'update', kind: 'sentencejudgement', before: { label: 'consistent', version: 1 }, after: { label: 'inconsistent', version: 2 }, source: 'workspace' }],
        }),
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/adjudication/77']}>
        <Routes>
          <Route path="/app/admin/adjudication/:assignmentId" element={<AdjudicationUnitPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('gold: inconsistent (tie)')).toBeInTheDocument();
    expect(screen.getByText(/second reviewer: dispute/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Gold: consistent' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]?.body).toEqual({ label: 'consistent', error_types: [], version: 0 });
    await userEvent.type(screen.getByLabelText('Note on Summary A, sentence 1'), 'Hedges are not facts.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Flag for guideline update' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Saved and flagged for the next guideline version.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      question: 'review_dispute',
      target: SENTENCE,
      note: 'Hedges are not facts.',
      flagged: true,
    });
    await userEvent.click(screen.getByRole('button', { name: 'History of alice, Summary A, sentence 1' }));
    expect(await screen.findByText('label: "consistent" → "inconsistent"')).toBeInTheDocument();
  });

  it('shows where a rater’s span points in the dialogue, and asks about types when only they differ', async () => {
    const agreedLabel = payload();
    const sentence = agreedLabel.summaries[0]!.sentences[0]!;
    sentence.disagree = false;
    sentence.types_disagree = true;
    sentence.review = null;
    const server = fakeServer({
      'GET /api/admin/adjudication/77/': () => answer('GET /api/admin/adjudication/{assignment_id}/', 200, agreedLabel),
      'PUT /api/admin/adjudication/77/cases/': (body) => answer('PUT /api/admin/adjudication/{assignment_id}/cases/', 200, { id: 1, ...(body as CaseInput) }),
    });
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/adjudication/77']}>
        <Routes>
          <Route path="/app/admin/adjudication/:assignmentId" element={<AdjudicationUnitPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText("the raters' error types differ")).toBeInTheDocument();
    expect(screen.getByText('types: Extrinsic Information (single)')).toBeInTheDocument();
    const dialogue = screen.getByRole('region', { name: 'Dialogue' });
    expect(dialogue).toHaveTextContent('The motion carried by six votes to three.');
    expect(dialogue.querySelector('.evidence-mark')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show the evidence of alice\'s span “failed”' }));
    await waitFor(() => expect(dialogue.querySelector('.evidence-mark')).toHaveTextContent('carried'));
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(server.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ question: 'error_types' }));
  });

  it('names only the fields that changed', () => {
    expect(changedFields({ label: 'a', note: 'x', version: 1 }, { label: 'b', note: 'x', version: 2 })).toEqual(['label: "a" → "b"']);
    expect(changedFields(null, { label: 'a' })).toEqual(['label: null → "a"']);
  });
});

const SUMMARY = 'SummaryHandleAAAAAAAAAA';

/** Two raters' key-fact lists of the unit: alice's two facts, bob's one. */
function withKeyFacts(): AdjudicationPayload {
  const unit = payload();
  unit.key_facts = {
    lists: [
      {
        rater: 'alice',
        given: false,
        facts: [
          { position: 1, text: 'The motion carried.', given: null, alignments: [{ summary: SUMMARY, covered: true, sentences: [{ sentence: SENTENCE }] }] },
          { position: 2, text: 'Three voted against.', given: null, alignments: [{ summary: SUMMARY, covered: false, sentences: [] }] },
        ],
      },
      { rater: 'bob', given: false, facts: [{ position: 1, text: 'A vote was held.', given: null, alignments: [] }] },
    ],
    gold: { rule: 'written', rater: 'alice' },
  };
  return unit;
}

const keyFactsState = (body: unknown, version: number) => ({ ...(body as { facts: [] }), version }) as components['schemas']['KeyFactsState'];

function renderUnit() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/app/admin/adjudication/77']}>
      <Routes>
        <Route path="/app/admin/adjudication/:assignmentId" element={<AdjudicationUnitPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('adjudicating key facts', () => {
  it('shows each rater’s list with its alignment side by side, copies one and saves edits of it', async () => {
    let version = 0;
    const server = fakeServer({
      'GET /api/admin/adjudication/77/': () => answer('GET /api/admin/adjudication/{assignment_id}/', 200, withKeyFacts()),
      'PATCH /api/assignments/77/key_facts/': (body) => answer('PATCH /api/assignments/{assignment_id}/key_facts/', 200, keyFactsState(body, ++version)),
    });
    const user = userEvent.setup();
    renderUnit();
    const alice = await screen.findByRole('region', { name: "alice's key facts" });
    const bob = screen.getByRole('region', { name: "bob's key facts" });
    expect(within(alice).getByText('1. The motion carried.')).toBeInTheDocument();
    // Each cell shows the mark and names it for a screen reader (the row and column say which).
    const cell = (list: HTMLElement, at: string) => list.querySelector(`[data-cell="${at}"]`);
    expect(cell(alice, '1:A')).toHaveTextContent('✓ 1states it in sentence 1');
    expect(cell(alice, '2:A')).toHaveTextContent('✗does not state it');
    expect(cell(bob, '1:A')).toHaveTextContent('·not decided');
    expect(within(alice).getByRole('cell', { name: 'states it in sentence 1' })).toBeInTheDocument();
    expect(screen.getByText("Gold list: alice's (written)")).toBeInTheDocument();

    await user.click(within(alice).getByRole('button', { name: "Copy alice's list" }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]).toMatchObject({ path: '/api/assignments/77/key_facts/', body: { facts: withKeyFacts().key_facts.lists[0]!.facts, version: 0 } });
    const gold = screen.getByRole('region', { name: 'Gold key facts' });
    const first = within(gold).getByRole('textbox', { name: 'Key fact 1' });
    expect(first).toHaveValue('The motion carried.');

    await user.type(first, ' 6–3');
    // One save for the edit, after the typing pause, on the version the copy made.
    await waitFor(() => expect(server.saves()).toHaveLength(2), { timeout: 3000 });
    expect(server.saves()[1]?.body).toMatchObject({ version: 1, facts: [{ position: 1, text: 'The motion carried. 6–3' }, { position: 2, text: 'Three voted against.' }] });
    expect(await within(gold).findByText('Gold key facts saved.')).toHaveAttribute('role', 'status');
  });

  it('sends an edit made while the copy is on its way after it, on the version it returned', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let version = 0;
    const server = fakeServer({
      'GET /api/admin/adjudication/77/': () => answer('GET /api/admin/adjudication/{assignment_id}/', 200, withKeyFacts()),
      'PATCH /api/assignments/77/key_facts/': async (body) => {
        if (version === 0) await held;
        return answer('PATCH /api/assignments/{assignment_id}/key_facts/', 200, keyFactsState(body, ++version));
      },
    });
    renderUnit();
    const alice = await screen.findByRole('region', { name: "alice's key facts" });
    await userEvent.click(within(alice).getByRole('button', { name: "Copy alice's list" }));
    const gold = screen.getByRole('region', { name: 'Gold key facts' });
    await userEvent.click(within(gold).getByRole('button', { name: 'Remove key fact 2' }));
    expect(server.saves()).toHaveLength(1); // the removal waits for the copy
    release();
    await waitFor(() => expect(server.saves()).toHaveLength(2));
    expect(server.saves()[1]?.body).toMatchObject({ version: 1, facts: [{ position: 1, text: 'The motion carried.' }] });
  });

  it('says so when another admin saved the gold list first', async () => {
    fakeServer({
      'GET /api/admin/adjudication/77/': () => answer('GET /api/admin/adjudication/{assignment_id}/', 200, withKeyFacts()),
      'PATCH /api/assignments/77/key_facts/': () => errorResponse(409, { message: 'Changed meanwhile.' }),
    });
    renderUnit();
    const bob = await screen.findByRole('region', { name: "bob's key facts" });
    await userEvent.click(within(bob).getByRole('button', { name: "Copy bob's list" }));
    expect(await screen.findByText('Another admin changed the gold key facts meanwhile: the page now shows theirs.')).toBeInTheDocument();
  });

  it('shows no key-fact section in a unit without key facts', async () => {
    fakeServer({ 'GET /api/admin/adjudication/77/': () => answer('GET /api/admin/adjudication/{assignment_id}/', 200, payload()) });
    renderUnit();
    await screen.findByText('Adjudicate: City council · Funding');
    expect(screen.queryByRole('heading', { name: 'Key facts' })).not.toBeInTheDocument();
  });
});

const ACU = 'AcuHandleAAAAAAAAAAAAAA';

/** Two raters' verdicts on summary A's one given ACU; bob also wrote one of his own. */
function withAtomicFacts(): AdjudicationPayload {
  const unit = payload();
  const fact = (verdict: 'supported' | 'not_supported') => ({ position: 1, text: 'The motion carried.', given: ACU, sentence: null, verdict, no_evidence: false, evidence: [] });
  unit.atomic_facts = {
    [SUMMARY]: {
      answers: [
        { rater: 'alice', facts: [fact('supported')] },
        { rater: 'bob', facts: [fact('not_supported'), { position: 2, text: 'Bob’s own.', given: null, sentence: null, verdict: 'supported', no_evidence: false, evidence: [] }] },
      ],
      gold: { rule: 'given', rater: null },
    },
  };
  return unit;
}

describe('adjudicating atomic facts', () => {
  it('shows every rater’s verdict per fact and saves the gold verdict the admin sets', async () => {
    const server = fakeServer({
      'GET /api/admin/adjudication/77/': () => answer('GET /api/admin/adjudication/{assignment_id}/', 200, withAtomicFacts()),
      [`PATCH /api/assignments/77/atomic_facts/${SUMMARY}/`]: (body) =>
        answer('PATCH /api/assignments/{assignment_id}/atomic_facts/{summary}/', 200, { ...(body as { facts: [] }), summary: SUMMARY, version: 1 } as components['schemas']['AtomicFactsState']),
    });
    renderUnit();
    const table = await screen.findByRole('table', { name: 'Verdicts on the atomic facts of summary A' });
    const row = within(table).getByRole('row', { name: /The motion carried/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['supported', 'not supported', expect.any(String)]);
    expect(screen.getByText(/bob’s other atomic facts: 2\. Bob’s own\. \(supported\)/)).toBeInTheDocument();
    expect(screen.getByText('Gold verdicts: the first rater’s on the given ACUs (given)')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gold verdict on atomic fact 1 of summary A' }), 'not_supported');
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    // The first rater's list, with the admin's verdict: given ACUs stay given.
    expect(server.saves()[0]?.body).toEqual({ facts: [{ ...withAtomicFacts().atomic_facts[SUMMARY]!.answers[0]!.facts[0]!, verdict: 'not_supported' }], version: 0 });
    expect(await screen.findByText('Gold atomic facts saved.')).toBeInTheDocument();
  });

  it('copies a rater’s whole list in one save', async () => {
    const server = fakeServer({
      'GET /api/admin/adjudication/77/': () => answer('GET /api/admin/adjudication/{assignment_id}/', 200, withAtomicFacts()),
      [`PATCH /api/assignments/77/atomic_facts/${SUMMARY}/`]: (body) =>
        answer('PATCH /api/assignments/{assignment_id}/atomic_facts/{summary}/', 200, { ...(body as { facts: [] }), summary: SUMMARY, version: 1 } as components['schemas']['AtomicFactsState']),
    });
    renderUnit();
    await userEvent.click(await screen.findByRole('button', { name: "Copy bob's atomic facts" }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]?.body).toEqual({ facts: withAtomicFacts().atomic_facts[SUMMARY]!.answers[1]!.facts, version: 0 });
  });
});
