import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { fakeServer } from '../test/fakeServer';
import { releasesResponse } from '../test/releaseFixtures';
import { renderWithProviders, errorResponse } from '../test/render';
import { answer, type Answer } from '../test/answer';
import { NewReleaseForm } from './NewReleaseForm';

const POST = 'POST /api/projects/demo/releases/';
const { rounds, formats } = releasesResponse();

// The server answers a started build with the release's id only (annotations/api/releases.py).
function renderForm(reply: () => Answer = () => answer('POST /api/projects/{slug}/releases/', 202, { release: 3 })) {
  const server = fakeServer({ [POST]: reply });
  const onStarted = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(<NewReleaseForm slug="demo" rounds={rounds} formats={formats} onStarted={onStarted} />);
  return { server, onStarted, user };
}

const posted = (server: ReturnType<typeof fakeServer>) => server.requests.filter((request) => request.method === 'POST');

describe('the new-release form', () => {
  it('never calls the always-open adjudication round open, nor warns about it', async () => {
    const gold = { id: 12, name: 'Adjudication', kind: 'adjudication', status: 'open' };
    const user = userEvent.setup();
    fakeServer({ [POST]: () => answer('POST /api/projects/{slug}/releases/', 202, { release: 3 }) });
    renderWithProviders(<NewReleaseForm slug="demo" rounds={[...rounds, gold]} formats={formats} onStarted={vi.fn()} />);
    const choice = screen.getByRole('checkbox', { name: 'Adjudication (adjudication: the admins’ gold values)' });
    expect(screen.queryByRole('checkbox', { name: /Adjudication \(.*open\)/ })).toBeNull();
    await user.click(choice);
    await user.click(screen.getByRole('checkbox', { name: 'Pilot 1 (pilot, closed)' }));
    expect(screen.queryByRole('region', { name: 'Releasing from open rounds' })).toBeNull();
  });

  it('posts the contract body with a seeded split by document', async () => {
    const { server, onStarted, user } = renderForm();

    const version = screen.getByRole('textbox', { name: 'Version' });
    expect(version).toHaveAttribute('placeholder', '1.0.0');
    await user.type(version, '1.0.0');
    await user.click(screen.getByRole('checkbox', { name: 'Production 1 (production, open)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pilot 1 (pilot, closed)' }));
    expect(screen.getByRole('combobox', { name: 'Gold labels' })).toHaveDisplayValue('Majority vote (adjudicated first)');
    await user.click(screen.getByRole('checkbox', { name: 'Merge marginal and irrelevant topics' }));
    await user.click(screen.getByRole('checkbox', { name: 'Binary relevance ({1,2} → 0, {3,4,5} → 1)' }));
    expect(screen.getByRole('radio', { name: 'By document' })).toBeChecked();
    const dev = screen.getByRole('textbox', { name: 'Dev share' });
    expect(dev).toHaveValue('0.7');
    await user.clear(dev);
    await user.type(dev, '0.8');
    const seed = screen.getByRole('textbox', { name: 'Seed' });
    expect(seed).toHaveValue('13');
    await user.clear(seed);
    await user.type(seed, '42');
    // Native JSONL is chosen by default.
    const formatGroup = screen.getByRole('group', { name: 'Formats' });
    expect(within(formatGroup).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(formats);
    expect(screen.getByRole('checkbox', { name: 'Native JSONL' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'TofuEval' }));
    await user.click(screen.getByRole('checkbox', { name: 'LLM-AggreFact' }));
    await user.click(screen.getByRole('checkbox', { name: 'Only complete units' }));
    // Production 1 is open: the form warns, names it, and asks for a confirmation first.
    const warning = screen.getByRole('region', { name: 'Releasing from open rounds' });
    expect(warning).toHaveTextContent('Production 1 is still open');
    await user.click(screen.getByRole('button', { name: 'Build release' }));
    expect(within(warning).getByText(/Confirm that this release may hold labels that still change/)).toBeInTheDocument();
    expect(posted(server)).toEqual([]);
    await user.click(within(warning).getByRole('checkbox', { name: 'Release them anyway' }));
    await user.click(screen.getByRole('button', { name: 'Build release' }));

    await waitFor(() => expect(onStarted).toHaveBeenCalledWith({ release: 3 }, '1.0.0'));
    expect(posted(server)).toEqual([
      {
        method: 'POST',
        path: '/api/projects/demo/releases/',
        body: {
          version: '1.0.0',
          rounds: [1, 2],
          gold: 'majority',
          mappings: { topic_category: 'merge_marginal', relevance: 'binary' },
          split: { method: 'document', dev: 0.8, seed: 42 },
          formats: ['native', 'tofueval', 'llm_aggrefact'],
          only_complete: true,
        },
      },
    ]);
  });

  it("posts each document's own split without mappings", async () => {
    const { server, user } = renderForm();

    await user.type(screen.getByRole('textbox', { name: 'Version' }), '2.0.0');
    await user.click(screen.getByRole('checkbox', { name: 'TofuEval MediaSum (reference, closed)' }));
    await user.click(screen.getByRole('radio', { name: "Each document's own split" }));
    expect(screen.queryByRole('textbox', { name: 'Dev share' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Build release' }));

    await waitFor(() => expect(posted(server)).toHaveLength(1));
    expect(posted(server)[0]!.body).toEqual({
      version: '2.0.0',
      rounds: [9],
      gold: 'majority',
      split: { method: 'corpus' },
      formats: ['native'],
      only_complete: false,
    });
  });

  it('posts the posterior-mode gold rule when chosen, and says what it does', async () => {
    const { server, user } = renderForm();

    await user.type(screen.getByRole('textbox', { name: 'Version' }), '2.1.0');
    await user.click(screen.getByRole('checkbox', { name: 'TofuEval MediaSum (reference, closed)' }));
    const gold = screen.getByRole('combobox', { name: 'Gold labels' });
    await user.selectOptions(gold, 'Posterior mode: weighted by annotator competence (adjudicated first)');
    expect(gold).toHaveAccessibleDescription(/careful annotator outweighs a careless one/);
    await user.click(screen.getByRole('button', { name: 'Build release' }));

    await waitFor(() => expect(posted(server)).toHaveLength(1));
    expect(posted(server)[0]!.body).toMatchObject({ version: '2.1.0', gold: 'posterior_mode' });
  });

  it('checks a split file locally, then posts its documents', async () => {
    const { server, user } = renderForm();

    await user.type(screen.getByRole('textbox', { name: 'Version' }), '1.0.1');
    await user.click(screen.getByRole('checkbox', { name: 'Pilot 1 (pilot, closed)' }));
    await user.click(screen.getByRole('radio', { name: 'From a file' }));
    const file = screen.getByRole('textbox', { name: 'Split file (JSON)' });
    // user.type reads braces and brackets as key descriptors; paste the JSON instead.
    await user.click(file);
    await user.paste('{"dev": ["doc-1", "doc-2"], "test": ["doc-3"');
    await user.click(screen.getByRole('button', { name: 'Build release' }));

    expect(file).toHaveAccessibleDescription(/This is not valid JSON/);
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(posted(server)).toHaveLength(0);

    await user.click(file);
    await user.paste(']}');
    await user.click(screen.getByRole('button', { name: 'Build release' }));

    await waitFor(() => expect(posted(server)).toHaveLength(1));
    expect(posted(server)[0]!.body).toEqual({
      version: '1.0.1',
      rounds: [1],
      gold: 'majority',
      split: { method: 'file', documents: { dev: ['doc-1', 'doc-2'], test: ['doc-3'] } },
      formats: ['native'],
      only_complete: false,
    });
  });

  it('checks the version and the rounds before asking the server', async () => {
    const { server, user } = renderForm();

    await user.type(screen.getByRole('textbox', { name: 'Version' }), 'v1');
    await user.click(screen.getByRole('button', { name: 'Build release' }));

    expect(screen.getByRole('textbox', { name: 'Version' })).toHaveAccessibleDescription(/MAJOR\.MINOR\.PATCH, for example 1\.0\.0/);
    expect(screen.getByRole('group', { name: 'Rounds' })).toHaveAccessibleDescription(/Choose at least one round\./);
    expect(server.requests).toHaveLength(0);
  });

  it('shows a 400: the detail, each field error beside its field, and the unlabelled units', async () => {
    const { onStarted, user } = renderForm(() =>
      errorResponse(400, {
        message: 'The release was not built.',
        errors: {
          version: ['Version 1.0.0 is already published.'],
          formats: ['Unknown format "csv".'],
          'split.dev': ['Must be between 0 and 1.'],
          extra: ['Something else.'],
        },
        missing: ['doc-7 / topic 12', { document: 'doc-8', topic: 13 }],
      }),
    );

    await user.type(screen.getByRole('textbox', { name: 'Version' }), '1.0.0');
    await user.click(screen.getByRole('checkbox', { name: 'Pilot 1 (pilot, closed)' }));
    await user.click(screen.getByRole('button', { name: 'Build release' }));

    const version = screen.getByRole('textbox', { name: 'Version' });
    await waitFor(() => expect(version).toHaveAccessibleDescription(/Version 1\.0\.0 is already published\./));
    expect(version).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Dev share' })).toHaveAccessibleDescription(/Must be between 0 and 1\./);
    expect(screen.getByRole('group', { name: 'Formats' })).toHaveAccessibleDescription('Unknown format "csv".');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The release was not built.');
    expect(alert).toHaveTextContent('extra: Something else.');
    const missing = screen.getByRole('list', { name: 'Units without labels (2)' });
    expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'doc-7 / topic 12',
      'document: doc-8 · topic: 13',
    ]);
    expect(onStarted).not.toHaveBeenCalled();
  });

  it('lists units from a top-level `missing`', async () => {
    const { user } = renderForm(() =>
      errorResponse(400, { message: '2 units have no labels in the chosen rounds.', missing: ['doc-1 / topic 1', 'doc-2 / topic 4']  }),
    );

    await user.type(screen.getByRole('textbox', { name: 'Version' }), '1.0.0');
    await user.click(screen.getByRole('checkbox', { name: 'Pilot 1 (pilot, closed)' }));
    await user.click(screen.getByRole('button', { name: 'Build release' }));

    expect(await screen.findByRole('list', { name: 'Units without labels (2)' })).toHaveTextContent('doc-2 / topic 4');
    // The units are listed once, not repeated in the general message.
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('2 units have no labels in the chosen rounds.');
    expect(alert).not.toHaveTextContent('doc-2');
  });
});
