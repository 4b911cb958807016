import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { adminProject } from '../test/adminFixtures';
import { fakeServer } from '../test/fakeServer';
import { errorResponse, renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import { NewRoundForm } from './NewRoundForm';

/** What the form sent: the corpus-run list it reads for the assistance choice aside. */
function sent(server: ReturnType<typeof fakeServer>) {
  return server.requests.filter((request) => request.method !== 'GET');
}

const CREATED = { ...adminProject().rounds[1]!, id: 3, name: 'Pilot 3', status: 'draft' as const, skipped: 0 };

describe('the new-round form', () => {
  it('sends units chosen by corpus runs, with the runs, mix, reserve and seed', async () => {
    const runs = [
      { id: 4, evaluator: 'judge-one', version: 'v1', sentences: 90, summaries: 0, has_scores: true, has_labels: false },
      { id: 6, evaluator: 'judge-two', version: 'v2', sentences: 90, summaries: 0, has_scores: false, has_labels: true },
    ];
    const server = fakeServer({
      'GET /api/admin/projects/demo/corpus-runs/': () => answer('GET /api/admin/projects/{slug}/corpus-runs/', 200, { runs }),
      'POST /api/admin/projects/demo/rounds/': () => answer('POST /api/admin/projects/{slug}/rounds/', 201, CREATED),
    });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<NewRoundForm project={adminProject()} onCreated={onCreated} />);
    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Pilot 3');
    await user.click(screen.getByRole('checkbox', { name: 'Lena Linguist (linguist1)' }));
    await user.click(screen.getByRole('checkbox', { name: 'linguist3' }));
    await user.click(screen.getByRole('radio', { name: 'Chosen by corpus runs (weighted)' }));
    await user.click(await screen.findByRole('checkbox', { name: /judge-one v1/ }));
    // One run is not enough to disagree: said before submit, under the runs.
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    expect(await screen.findByText('Evaluator disagreement needs at least two runs.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /judge-two v2/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Choose by' }), 'mix');
    const disagreement = screen.getByRole('textbox', { name: 'Weight of disagreement (%)' });
    await user.clear(disagreement);
    await user.type(disagreement, '75');
    const uncertainty = screen.getByRole('textbox', { name: 'Weight of uncertainty (%)' });
    await user.clear(uncertainty);
    await user.type(uncertainty, '25');
    const count = screen.getByRole('textbox', { name: 'Number of units' });
    await user.clear(count);
    await user.type(count, '8');
    const seed = screen.getByRole('textbox', { name: 'Seed' });
    await user.clear(seed);
    await user.type(seed, '5');
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(CREATED));
    const posted = server.requests.find((request) => request.method === 'POST');
    expect(posted?.body).toMatchObject({
      units: {
        select: { strategy: 'mix', runs: [4, 6], count: 8, reserve: 0.2, weights: { disagreement: 0.75, uncertainty: 0.25 } },
        seed: 5,
      },
    });
  }, 60_000);

  it('sends the round with a seeded sample of units', async () => {
    const server = fakeServer({ 'POST /api/admin/projects/demo/rounds/': () => answer('POST /api/admin/projects/{slug}/rounds/', 201, CREATED) });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<NewRoundForm project={adminProject()} onCreated={onCreated} />);

    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Pilot 3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'production');
    const overlap = screen.getByRole('textbox', { name: 'Overlap (annotators per unit)' });
    await user.clear(overlap);
    await user.type(overlap, '2');
    // The latest guideline version is chosen by default; pick it explicitly anyway.
    expect(screen.getByRole('combobox', { name: 'Guideline version' })).toHaveValue('2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Guideline version' }), '1');
    // Only members with the annotator role are offered.
    expect(screen.queryByRole('checkbox', { name: /Ada Admin/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Lena Linguist (linguist1)' }));
    await user.click(screen.getByRole('checkbox', { name: 'linguist3' }));
    await user.type(screen.getByRole('textbox', { name: 'Number of units to sample' }), '6');
    const seed = screen.getByRole('textbox', { name: 'Seed' });
    await user.clear(seed);
    await user.type(seed, '7');

    await user.click(screen.getByRole('button', { name: 'Create round' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(CREATED));
    expect(sent(server)).toEqual([
      {
        method: 'POST',
        path: '/api/admin/projects/demo/rounds/',
        body: {
          name: 'Pilot 3',
          kind: 'production',
          overlap: 2,
          guideline_version: 1,
          annotators: ['linguist1', 'linguist3'],
          units: { sample: 6, seed: 7 },
          evidence_hints: true,
          key_fact_source: '',
          given_atomic_facts: false,
          gold_rate: 0,
          pause_below: null,
        },
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Pilot 3');
  });

  it('sends a review round over chosen rounds with its reviewers and no units', async () => {
    const server = fakeServer({ 'POST /api/admin/projects/demo/rounds/': () => answer('POST /api/admin/projects/{slug}/rounds/', 201, CREATED) });
    const user = userEvent.setup();
    const project = adminProject();
    const reviewers = [
      { id: 8, username: 'reviewer', display_name: 'Rita Reviewer', roles: ['reviewer'] },
      { id: 9, username: 'reviewer2', display_name: '', roles: ['reviewer'] },
    ];
    renderWithProviders(<NewRoundForm project={{ ...project, members: [...project.members, ...reviewers] }} onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Review 1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'review');
    // Reviewers are offered, not linguists; and no units to choose.
    expect(screen.queryByRole('checkbox', { name: 'Lena Linguist (linguist1)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup', { name: 'Units' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Rita Reviewer (reviewer)' }));
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    expect(await screen.findByText('Choose at least two reviewers: every decision has a second reviewer.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'reviewer2' }));
    const source = project.rounds[0];
    if (source === undefined) throw new Error('the fixture has a round');
    await user.click(screen.getByRole('checkbox', { name: new RegExp(source.name) }));
    await user.click(screen.getByRole('radio', { name: 'Inconsistent by the gold rule' }));
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    expect(sent(server)[0]?.body).toEqual({
      name: 'Review 1',
      kind: 'review',
      overlap: 1,
      guideline_version: 2,
      annotators: ['reviewer', 'reviewer2'],
      source_rounds: [source.id],
      review_scope: 'gold',
    });
  });

  it('offers an unassisted round (no evidence hints) only where spans are asked', async () => {
    const server = fakeServer({ 'POST /api/admin/projects/demo/rounds/': () => answer('POST /api/admin/projects/{slug}/rounds/', 201, CREATED) });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<NewRoundForm project={adminProject()} onCreated={vi.fn()} />);
    expect(screen.queryByRole('checkbox', { name: /Show evidence hints/ })).not.toBeInTheDocument();
    unmount();

    const withSpans = adminProject();
    renderWithProviders(
      <NewRoundForm project={{ ...withSpans, scheme: { ...withSpans.scheme, error_spans: true } }} onCreated={vi.fn()} />,
    );
    const hints = screen.getByRole('checkbox', { name: /Show evidence hints/ });
    expect(hints).toBeChecked();
    await user.click(hints);
    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Unassisted');
    await user.click(screen.getByRole('checkbox', { name: 'Lena Linguist (linguist1)' }));
    await user.click(screen.getByRole('checkbox', { name: 'linguist3' }));
    await user.type(screen.getByRole('textbox', { name: 'Number of units to sample' }), '2');
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    expect(sent(server)[0]!.body).toMatchObject({ name: 'Unassisted', evidence_hints: false });
  });

  it('chooses written or given key facts and given atomic facts only where the scheme asks for them', async () => {
    const server = fakeServer({ 'POST /api/admin/projects/demo/rounds/': () => answer('POST /api/admin/projects/{slug}/rounds/', 201, CREATED) });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<NewRoundForm project={adminProject()} onCreated={vi.fn()} />);
    expect(screen.queryByRole('radiogroup', { name: /Key facts/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Atomic facts are given/ })).not.toBeInTheDocument();
    unmount();

    const project = adminProject();
    renderWithProviders(
      <NewRoundForm
        project={{
          ...project,
          scheme: { ...project.scheme, completeness: true, atomic_facts: true },
          key_fact_sources: ['finesure', 'tofueval'],
          given_atomic_facts: 12,
        }}
        onCreated={vi.fn()}
      />,
    );
    const choice = screen.getByRole('radiogroup', { name: /Key facts/ });
    expect(choice).toHaveAccessibleDescription(/Alignment agreement is only defined with a given list/);
    expect(screen.getByRole('radio', { name: 'Written by each linguist' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Given list: finesure' }));
    await user.click(screen.getByRole('checkbox', { name: /Atomic facts are given \(verify only\)/ }));
    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Aligned');
    await user.click(screen.getByRole('checkbox', { name: 'Lena Linguist (linguist1)' }));
    await user.type(screen.getByRole('textbox', { name: 'Number of units to sample' }), '2');
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    expect(sent(server)[0]!.body).toMatchObject({ key_fact_source: 'finesure', given_atomic_facts: true });
  });

  it('chooses units by searching documents and topics, never by typing ids', async () => {
    const page = (q: string) => ({
      count: q === '' ? 60 : 1,
      page: 1,
      pages: q === '' ? 2 : 1,
      page_size: 50,
      units: (q === '' ? [77, 78] : [79]).map((topic) => ({
        topic,
        topic_name: ({ 77: 'Parking fees', 78: 'Ferry budget', 79: 'River bus' } as Record<number, string>)[topic]!,
        document: topic === 79 ? 'River bus meeting' : 'Council meeting',
        corpus: 'meetingbank',
        summaries: 5,
        rounds: topic === 77 ? ['Pilot 1'] : [],
      })),
    });
    const server = fakeServer({
      'POST /api/admin/projects/demo/rounds/': () => answer('POST /api/admin/projects/{slug}/rounds/', 201, CREATED),
      'GET /api/admin/projects/demo/units/?q=&page=1': () => answer('GET /api/admin/projects/{slug}/units/', 200, page('')),
      'GET /api/admin/projects/demo/units/?q=river&page=1': () => answer('GET /api/admin/projects/{slug}/units/', 200, page('river')),
    });
    const user = userEvent.setup();
    renderWithProviders(<NewRoundForm project={adminProject()} onCreated={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Practice');
    await user.click(screen.getByRole('radio', { name: 'Choose units' }));
    const table = await screen.findByRole('table', { name: 'Units' });
    expect(table).toHaveTextContent('Pilot 1'); // where a unit already is
    expect(table).not.toHaveTextContent('77');
    await user.click(screen.getByRole('checkbox', { name: 'Choose Ferry budget — Council meeting' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find units' }), 'river');
    await user.click(await screen.findByRole('checkbox', { name: 'Choose River bus — River bus meeting' }));
    expect(screen.getByRole('list', { name: 'Chosen units' })).toHaveTextContent('Ferry budget — Council meeting');
    expect(screen.getByText(/2 units chosen/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create round' }));

    await waitFor(() => expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    const posted = server.requests.find((r) => r.method === 'POST')!;
    expect(posted.body).toMatchObject({ units: { topics: [78, 79] }, kind: 'pilot', guideline_version: 2 });
  });

  it('says how many units a sample left out, and can include them on request', async () => {
    const server = fakeServer({
      'POST /api/admin/projects/demo/rounds/': () => answer('POST /api/admin/projects/{slug}/rounds/', 201, { ...CREATED, skipped: 4 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NewRoundForm project={adminProject()} onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Pilot 9');
    await user.type(screen.getByRole('textbox', { name: 'Number of units to sample' }), '3');
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    expect(await screen.findByRole('status')).toHaveTextContent('left out 4 units already in another pilot round');
    // The form starts afresh after a create (the sample too).
    await user.click(screen.getByRole('checkbox', { name: /Also sample units in another open round/ }));
    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Pilot 10');
    await user.type(screen.getByRole('textbox', { name: 'Number of units to sample' }), '3');
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    await waitFor(() => expect(sent(server)).toHaveLength(2));
    expect(sent(server)[1]!.body).toMatchObject({ units: { sample: 3, seed: 1, include_busy: true } });
  });

  it('shows a 400 field error next to its field', async () => {
    fakeServer({
      'POST /api/admin/projects/demo/rounds/': () =>
        errorResponse(400, {
          message: 'Invalid round.',
          errors: { overlap: ['Overlap 2 is larger than the number of annotators (1).'] },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NewRoundForm project={adminProject()} onCreated={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Pilot 3');
    await user.click(screen.getByRole('checkbox', { name: 'Lena Linguist (linguist1)' }));
    await user.type(screen.getByRole('textbox', { name: 'Number of units to sample' }), '6');
    await user.click(screen.getByRole('button', { name: 'Create round' }));

    const overlap = screen.getByRole('textbox', { name: 'Overlap (annotators per unit)' });
    await waitFor(() => expect(overlap).toHaveAccessibleDescription(/larger than the number of annotators/));
    expect(overlap).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid round.');
  });

  it('shows what the project refuses (a 409 naming fields) next to each field', async () => {
    fakeServer({
      'POST /api/admin/projects/demo/rounds/': () =>
        errorResponse(409, {
          code: 'round_refused',
          message: 'The round cannot be created.',
          errors: { name: ["a round named 'Pilot 1' exists in this project"] },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NewRoundForm project={adminProject()} onCreated={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Pilot 1');
    await user.click(screen.getByRole('checkbox', { name: 'Lena Linguist (linguist1)' }));
    await user.type(screen.getByRole('textbox', { name: 'Number of units to sample' }), '6');
    await user.click(screen.getByRole('button', { name: 'Create round' }));

    const name = screen.getByRole('textbox', { name: 'Round name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription(/exists in this project/));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('The round cannot be created.');
  });

  it('checks a missing name before asking the server', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderWithProviders(<NewRoundForm project={adminProject()} onCreated={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Create round' }));

    expect(screen.getByRole('textbox', { name: 'Round name' })).toHaveAccessibleDescription('Give the round a name.');
    expect(sent(server)).toHaveLength(0);
  });

  it('starts afresh after a create: no name, people or sample carried to the next round', async () => {
    fakeServer({ 'POST /api/admin/projects/demo/rounds/': () => answer('POST /api/admin/projects/{slug}/rounds/', 201, CREATED) });
    const user = userEvent.setup();
    renderWithProviders(<NewRoundForm project={adminProject()} onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Pilot 3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'production');
    await user.click(screen.getByRole('checkbox', { name: 'Lena Linguist (linguist1)' }));
    await user.click(screen.getByRole('checkbox', { name: 'linguist3' }));
    await user.type(screen.getByRole('textbox', { name: 'Number of units to sample' }), '6');
    await user.click(screen.getByRole('button', { name: 'Create round' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Pilot 3');
    expect(screen.getByRole('textbox', { name: 'Round name' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('pilot');
    expect(screen.getByRole('checkbox', { name: 'Lena Linguist (linguist1)' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'linguist3' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Number of units to sample' })).toHaveValue('');
  });

  it('drops the linguists chosen before switching to a review round, so they are never sent', async () => {
    const server = fakeServer({ 'POST /api/admin/projects/demo/rounds/': () => answer('POST /api/admin/projects/{slug}/rounds/', 201, CREATED) });
    const user = userEvent.setup();
    const project = adminProject();
    const reviewers = [
      { id: 8, username: 'reviewer', display_name: 'Rita Reviewer', roles: ['reviewer'] },
      { id: 9, username: 'reviewer2', display_name: '', roles: ['reviewer'] },
    ];
    renderWithProviders(<NewRoundForm project={{ ...project, members: [...project.members, ...reviewers] }} onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Review 1');
    await user.click(screen.getByRole('checkbox', { name: 'Lena Linguist (linguist1)' }));
    await user.click(screen.getByRole('checkbox', { name: 'linguist3' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'review');
    await user.click(screen.getByRole('checkbox', { name: 'Rita Reviewer (reviewer)' }));
    await user.click(screen.getByRole('checkbox', { name: 'reviewer2' }));
    await user.click(screen.getByRole('checkbox', { name: /Pilot 1/ }));
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    expect((sent(server)[0]?.body as { annotators: string[] }).annotators).toEqual(['reviewer', 'reviewer2']);
  });

  it('says before submit that error typing needs three annotators, and how many the project has', async () => {
    const user = userEvent.setup();
    const project = adminProject();
    const two = project.members.filter((member) => member.username !== 'linguist3');
    renderWithProviders(<NewRoundForm project={{ ...project, members: two }} onCreated={vi.fn()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'error_typing');
    expect(screen.getByText('Error typing needs 3 annotators')).toBeInTheDocument();
    expect(screen.getByText(/this project has 2\. Add linguists/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create round' })).toBeDisabled();
    // Three linguists: the overlap starts at three, and the form counts the chosen ones.
    cleanup();
    renderWithProviders(<NewRoundForm project={project} onCreated={vi.fn()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'error_typing');
    expect(screen.getByRole('textbox', { name: 'Overlap (annotators per unit)' })).toHaveValue('3');
    expect(screen.getByText(/0 chosen so far/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create round' })).toBeEnabled();
    // Back to a pilot, the overlap is the default again.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'pilot');
    expect(screen.getByRole('textbox', { name: 'Overlap (annotators per unit)' })).toHaveValue('2');
  });

  it('says before submit that a pause needs three scored gold units, and how many keyed units there are', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NewRoundForm project={adminProject({ keyed_units: 1 })} onCreated={vi.fn()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'production');
    await user.type(screen.getByRole('textbox', { name: 'Pause below (% accuracy on gold units)' }), '70');
    expect(screen.getByText('A pause needs 3 scored gold units')).toBeInTheDocument();
    expect(screen.getByText(/answer key: 1 so far/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create round' })).toBeDisabled();
  });
});

describe('the assistance choice', () => {
  it('offers the corpus runs that have sentence labels by name and sends the chosen one', async () => {
    const server = fakeServer({
      'GET /api/admin/projects/demo/corpus-runs/': () =>
        answer('GET /api/admin/projects/{slug}/corpus-runs/', 200, {
          runs: [
            { id: 4, evaluator: 'GPT-judge', version: 'v2', sentences: 90, summaries: 0, has_scores: false, has_labels: true },
            { id: 5, evaluator: 'AlignScore', version: 'base', sentences: 90, summaries: 0, has_scores: true, has_labels: false },
          ],
        }),
      'POST /api/admin/projects/demo/rounds/': () => answer('POST /api/admin/projects/{slug}/rounds/', 201, CREATED),
    });
    const user = userEvent.setup();
    renderWithProviders(<NewRoundForm project={adminProject()} onCreated={vi.fn()} />);
    const choice = screen.getByRole('combobox', { name: 'Model shown after each label' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'GPT-judge v2 (90 sentences)' })).toBeInTheDocument());
    // A score-only run has no verdict to reveal.
    expect(screen.queryByRole('option', { name: /AlignScore/ })).not.toBeInTheDocument();
    await user.selectOptions(choice, '4');
    await user.type(screen.getByRole('textbox', { name: 'Round name' }), 'Assisted pilot');
    await user.type(screen.getByRole('textbox', { name: 'Number of units to sample' }), '4');
    await user.click(screen.getByRole('button', { name: 'Create round' }));
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    expect(sent(server)[0]!.body).toMatchObject({ assistance: { run: 4, share: 0.5 } });
  });
});
