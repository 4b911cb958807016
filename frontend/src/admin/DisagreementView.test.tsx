import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import type { Me } from '../api/types';
import { AppRoutes } from '../routes';
import { adminProject, disagreementUnit } from '../test/adminFixtures';
import { fakeServer } from '../test/fakeServer';
import { renderWithProviders, errorResponse } from '../test/render';
import { answer } from '../test/answer';
import { DisagreementView } from './DisagreementView';

const ADMIN: Me = {
  username: 'ada',
  display_name: 'Ada Admin',
  is_staff: false,
  is_superuser: false,
  can_create_projects: false,
  memberships: [{ project: 'demo', project_name: 'Demo study', role: 'admin' }],
};

describe('the disagreement view', () => {
  it("shows both annotators' labels, explanations and types side by side", () => {
    fakeServer({});
    renderWithProviders(<DisagreementView roundId={1} unit={disagreementUnit()} />);

    // The dialogue with turn numbers and speakers.
    const dialogue = screen.getByRole('region', { name: 'Dialogue' });
    expect(within(dialogue).getAllByRole('listitem')[1]).toHaveTextContent('Turn 2 DEV PATEL (transit analyst)');

    const table = screen.getByRole('table', { name: 'Judgements of summary A, sentence 1' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['linguist1', 'linguist2']);
    const [label, explanation, types] = within(table).getAllByRole('row').slice(1);
    expect(within(label!).getAllByRole('cell').map((td) => td.textContent)).toEqual(['✗ Inconsistent', '✓ Consistent']);
    expect(within(explanation!).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'The vote is tonight; nothing was approved.',
      'None',
    ]);
    expect(within(types!).getAllByRole('cell').map((td) => td.textContent)).toEqual(['Mis-Referencing', 'None']);

    // The disagreeing sentence is marked (in words, not only colour); the agreeing one is
    // left out unless asked for.
    const first = table.closest('.compare-sentence')!;
    expect(first).toHaveAttribute('data-disagree');
    expect(within(first as HTMLElement).getByText('Disagreement')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Judgements of summary A, sentence 2' })).not.toBeInTheDocument();

    // Topic category and summary-level answers per annotator, with the difference flagged.
    const topic = screen.getByRole('table', { name: 'Funding for the river bus line' });
    expect(within(topic).getByRole('row', { name: /Topic category \(differs\)/ })).toHaveTextContent('MainMarginal');
    const summary = screen.getByRole('table', { name: 'Summary A' });
    expect(within(summary).getByRole('row', { name: /^Relevance/ })).toHaveTextContent('Relevance44');
    expect(within(summary).getByRole('row', { name: /^Comment \(differs\)/ })).toHaveTextContent('—Short.');
  });

  it("shows each annotator's spans on the sentence and their evidence in the dialogue", async () => {
    fakeServer({});
    const user = userEvent.setup();
    renderWithProviders(<DisagreementView roundId={1} unit={disagreementUnit()} />);

    const table = screen.getByRole('table', { name: 'Judgements of summary A, sentence 1' });
    const spans = within(table).getByRole('row', { name: /Error spans \(differ\)/ });
    const [first, second] = within(spans).getAllByRole('cell');
    expect(first).toHaveTextContent('“approved” Mis-Referencing');
    expect(first).toHaveTextContent('Turn 1: “Tonight”');
    expect(first?.querySelector('.error-span')).toHaveTextContent('approved');
    expect(second).toHaveTextContent('None');

    const dialogue = screen.getByRole('region', { name: 'Dialogue' });
    expect(dialogue.querySelector('mark')).toBeNull();
    await user.click(within(first!).getByRole('button', { name: 'Show the evidence of “approved” (linguist1) in the dialogue' }));
    expect(within(dialogue).getByText('Tonight', { selector: 'mark' })).toBeInTheDocument();
    expect(within(dialogue).getByRole('status')).toHaveTextContent('Evidence of “approved” (linguist1), marked below.');
  });

  it('shows agreeing sentences on request and steps through the disagreements with n', async () => {
    fakeServer({});
    const user = userEvent.setup();
    const unit = disagreementUnit();
    unit.summaries[0]!.sentences.push({ ...unit.summaries[0]!.sentences[0]!, id: 4003, number: 3 });
    renderWithProviders(
      <MemoryRouter>
        <DisagreementView roundId={1} unit={unit} nextUnitPath="/app/admin/rounds/1/disagreements/78" />
      </MemoryRouter>,
    );

    await user.keyboard('n');
    expect(screen.getByRole('generic', { name: 'Disagreement: summary A, sentence 1' })).toHaveFocus();
    await user.keyboard('n');
    expect(screen.getByRole('generic', { name: 'Disagreement: summary A, sentence 3' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: /Next disagreement/ }));
    expect(screen.getByRole('status')).toHaveTextContent('That was the last disagreement of this unit.');
    expect(screen.getByRole('link', { name: 'Next unit with disagreements' })).toHaveAttribute(
      'href',
      '/app/admin/rounds/1/disagreements/78',
    );

    await user.click(screen.getByRole('switch', { name: 'Show the sentences everyone agrees on' }));
    expect(screen.getByRole('table', { name: 'Judgements of summary A, sentence 2' })).toBeInTheDocument();
  });

  it('lists the feedback already sent with whether it was read, and its replies', () => {
    fakeServer({});
    renderWithProviders(
      <DisagreementView
        roundId={1}
        unit={disagreementUnit()}
        sent={[
          {
            id: 3,
            annotator: 'linguist1',
            author: 'Ada Admin',
            text: 'Check sentence 1.',
            created_at: '2026-11-20T10:00:00Z',
            read_at: '2026-11-21T09:00:00Z',
            reopened: false,
            topic: 77,
            sentence: { id: 4001, summary_label: 'A', number: 1 },
            replies: [{ id: 1, author: 'Lin One', from_annotator: true, text: 'Done, kept it.', created_at: '2026-11-21T09:05:00Z', unread: false }],
            unread_replies: 0,
          },
          {
            id: 4,
            annotator: 'linguist2',
            author: 'Ada Admin',
            text: 'About another unit.',
            created_at: '2026-11-20T10:00:00Z',
            read_at: null,
            reopened: false,
            topic: 12,
            sentence: null,
            replies: [],
            unread_replies: 0,
          },
          {
            id: 5,
            annotator: 'linguist2',
            author: 'Ada Admin',
            text: 'General note.',
            created_at: '2026-11-20T11:00:00Z',
            read_at: null,
            reopened: false,
            topic: null,
            sentence: null,
            replies: [],
            unread_replies: 0,
          },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Feedback sent' });
    const notes = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(notes).toHaveLength(2); // this unit's note and the general one, not another unit's
    expect(notes[0]).toHaveTextContent('To linguist1 · Summary A, sentence 1');
    expect(notes[0]).toHaveTextContent('Read');
    expect(notes[0]).toHaveTextContent('linguist1 replied');
    expect(notes[0]).toHaveTextContent('Done, kept it.');
    expect(notes[1]).toHaveTextContent('Not read yet');
    expect(within(notes[1]!).getByRole('textbox', { name: 'Reply to linguist2' })).toBeInTheDocument();
  });

  it('sends feedback to one annotator about a sentence', async () => {
    const server = fakeServer({ 'POST /api/admin/rounds/1/feedback/': () => answer('POST /api/admin/rounds/{round_id}/feedback/', 201, { id: 55 }) });
    const user = userEvent.setup();
    renderWithProviders(<DisagreementView roundId={1} unit={disagreementUnit()} />);

    await user.click(screen.getByRole('button', { name: 'Feedback to linguist2 about summary A, sentence 1' }));
    const box = screen.getByRole('textbox', { name: 'Feedback to linguist2' });
    expect(box).toHaveFocus();
    expect(screen.getByText(/About summary A, sentence 1: “The council approved the new line.”/)).toBeInTheDocument();
    await user.type(box, 'The vote is tonight: this is inconsistent.');
    await user.click(screen.getByRole('button', { name: 'Send feedback to linguist2' }));

    expect(await screen.findByText('Sent to linguist2, about summary A, sentence 1.')).toBeInTheDocument();
    expect(server.requests).toEqual([
      {
        method: 'POST',
        path: '/api/admin/rounds/1/feedback/',
        body: { annotator: 'linguist2', text: 'The vote is tonight: this is inconsistent.', sentence: 4001 },
      },
    ]);
    expect(box).toHaveValue('');
  });

  it('sends feedback about the whole unit without a sentence, and shows a 400', async () => {
    const server = fakeServer({
      'POST /api/admin/rounds/1/feedback/': () =>
        errorResponse(400, { message: 'Invalid feedback.', errors: { annotator: ['linguist1 has no assignment in this round.'] }  }),
    });
    const user = userEvent.setup();
    renderWithProviders(<DisagreementView roundId={1} unit={disagreementUnit()} />);

    await user.type(screen.getByRole('textbox', { name: 'Feedback to linguist1' }), 'Nice work.');
    await user.click(screen.getByRole('button', { name: 'Send feedback to linguist1' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Feedback to linguist1' })).toHaveAccessibleDescription(/no assignment/),
    );
    expect(server.requests[0]!.body).toEqual({ annotator: 'linguist1', text: 'Nice work.' });
  });

  it('is reached from the list of units with disagreements', async () => {
    fakeServer({
      'GET /api/me/': () => answer('GET /api/me/', 200, ADMIN),
      'GET /api/admin/projects/demo/': () => answer('GET /api/admin/projects/{slug}/', 200, adminProject()),
      'GET /api/admin/rounds/1/disagreements/': () =>
        answer('GET /api/admin/rounds/{round_id}/disagreements/', 200, {
          count: 1,
          page: 1,
          pages: 1,
          page_size: 50,
          units: [
            { topic: 77, topic_name: 'Funding for the river bus line', document: 'City council', sentences: 1, summaries: 1, topic_category: true },
          ],
        }),
      'GET /api/admin/rounds/1/disagreements/77/': () => answer('GET /api/admin/rounds/{round_id}/disagreements/{topic_id}/', 200, disagreementUnit()),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/rounds/1/disagreements?project=demo']}>
        <AppRoutes />
      </MemoryRouter>,
    );

    const list = await screen.findByRole('table', { name: 'Units with disagreements' });
    expect(await screen.findByRole('heading', { name: 'Disagreements · Pilot 1' })).toBeInTheDocument();
    expect(within(list).getByRole('row', { name: /Funding/ })).toHaveTextContent('City council11Differs');
    await user.click(within(list).getByRole('link', { name: 'Funding for the river bus line' }));

    expect(await screen.findByRole('table', { name: 'Judgements of summary A, sentence 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← All units with disagreements' })).toHaveAttribute(
      'href',
      '/app/admin/rounds/1/disagreements?project=demo',
    );
  });

  it('pages through the units with disagreements, fifty at a time', async () => {
    const unit = (topic: number, name: string) => ({ topic, topic_name: name, document: 'City council', sentences: 1, summaries: 0, topic_category: false });
    const server = fakeServer({
      'GET /api/me/': () => answer('GET /api/me/', 200, ADMIN),
      'GET /api/admin/projects/demo/': () => answer('GET /api/admin/projects/{slug}/', 200, adminProject()),
      'GET /api/admin/rounds/1/disagreements/': () =>
        answer('GET /api/admin/rounds/{round_id}/disagreements/', 200, { count: 51, page: 1, pages: 2, page_size: 50, units: [unit(77, 'Funding for the river bus line')] }),
      'GET /api/admin/rounds/1/disagreements/?page=2': () =>
        answer('GET /api/admin/rounds/{round_id}/disagreements/', 200, { count: 51, page: 2, pages: 2, page_size: 50, units: [unit(99, 'Parking fees')] }),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/admin/rounds/1/disagreements?project=demo']}>
        <AppRoutes />
      </MemoryRouter>,
    );

    expect(await screen.findByText('51 units with disagreements.')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of units with disagreements' });
    expect(within(pages).getByText('1–50 of 51')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next page of units with disagreements' }));

    const list = await screen.findByRole('table', { name: 'Units with disagreements' });
    expect(await within(list).findByRole('link', { name: 'Parking fees' })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Funding for the river bus line' })).not.toBeInTheDocument();
    expect(screen.getByText('51–51 of 51')).toBeInTheDocument();
    expect(server.requests.map((r) => r.path)).toContain('/api/admin/rounds/1/disagreements/?page=2');
  });

  it('counts the unread replies of a note, says what the linguist has not read, and marks the replies read', async () => {
    const server = fakeServer({
      'POST /api/admin/feedback/3/replies/read/': () => answer('POST /api/admin/feedback/{feedback_id}/replies/read/', 200, { read: 1 }),
    });
    const onFeedbackChanged = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <DisagreementView
        roundId={1}
        unit={disagreementUnit()}
        onFeedbackChanged={onFeedbackChanged}
        sent={[
          {
            id: 3,
            annotator: 'linguist1',
            author: 'Ada Admin',
            text: 'Check sentence 1.',
            created_at: '2026-11-20T10:00:00Z',
            // The admin answered after the linguist's reply: their answer is what is unread.
            read_at: null,
            reopened: false,
            topic: 77,
            sentence: null,
            replies: [
              { id: 1, author: 'Lin One', from_annotator: true, text: 'Why?', created_at: '2026-11-21T09:05:00Z', unread: true },
              { id: 2, author: 'Ada Admin', from_annotator: false, text: 'See turn 3.', created_at: '2026-11-21T09:06:00Z', unread: false },
            ],
            unread_replies: 1,
          },
        ]}
      />,
    );
    const note = within(screen.getByRole('list', { name: 'Feedback sent' })).getAllByRole('listitem')[0]!;
    expect(note).toHaveTextContent('1 unread reply');
    expect(note).toHaveTextContent('Your answer not read yet');
    expect(note).not.toHaveTextContent(/^Not read yet/);
    expect(note).toHaveTextContent('linguist1 replied (new)');
    await user.click(within(note).getByRole('button', { name: "Mark linguist1's replies read" }));
    await waitFor(() => expect(onFeedbackChanged).toHaveBeenCalled());
    expect(server.requests.map((r) => r.path)).toContain('/api/admin/feedback/3/replies/read/');
  });
});
