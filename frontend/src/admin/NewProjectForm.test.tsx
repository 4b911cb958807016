import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import type { ProjectOptions } from '../api/types';
import { adminProject } from '../test/adminFixtures';
import { fakeServer } from '../test/fakeServer';
import { errorResponse, renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import { NewProjectForm } from './NewProjectForm';
import { NewProjectPage } from './NewProjectPage';

/** Shaped like GET /api/admin/project-options/ (two of the built-in taxonomies, every switch). */
function projectOptions(): ProjectOptions {
  const type = (code: string, name: string, parent: string | null = null) => ({ code, name, definition: `${name}.`, parent });
  return {
    default_taxonomy: 'tofueval',
    taxonomies: [
      {
        slug: 'dialogue-llm',
        name: 'Dialogue LLM errors',
        description: 'From the circumstantial-inference study.',
        types: [
          type('circumstantial-inference', 'Circumstantial Inference'),
          type('logical-error', 'Logical Error'),
          type('event-misordering', 'Event Misordering', 'logical-error'),
          type('missed-detail', 'Missed Detail', 'logical-error'),
          type('world-knowledge', 'World Knowledge'),
          type('referential-error', 'Referential Error'),
        ],
      },
      {
        slug: 'tofueval',
        name: 'TofuEval',
        description: 'From TofuEval.',
        types: [type('extrinsic-information', 'Extrinsic Information'), type('mis-referencing', 'Mis-Referencing')],
      },
    ],
    scheme: [
      { key: 'consistency', label: 'Factual consistency per sentence', default: true, needs: null },
      { key: 'error_types', label: 'Error types of inconsistent sentences', default: true, needs: null },
      { key: 'error_spans', label: 'Error spans in inconsistent sentences', default: false, needs: null },
      { key: 'require_error_spans', label: 'An inconsistent sentence needs a span', default: false, needs: 'error_spans' },
      { key: 'evidence', label: 'Dialogue evidence for each span', default: false, needs: 'error_spans' },
      { key: 'require_evidence', label: 'Each span needs its evidence', default: false, needs: 'evidence' },
      { key: 'relevance', label: 'Relevance to the topic (1-5)', default: true, needs: null },
      { key: 'topic_category', label: 'Topic category', default: true, needs: null },
    ],
  };
}

const CREATED = adminProject({ slug: 'dialogue-pilot', name: 'Dialogue pilot', rounds: [], guidelines: [], corpora: [] });

describe('the new-project form', () => {
  it('creates a dialogue-taxonomy project with spans and required evidence', async () => {
    const server = fakeServer({ 'POST /api/admin/projects/': () => answer('POST /api/admin/projects/', 201, CREATED) });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<NewProjectForm options={projectOptions()} onCreated={onCreated} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Dialogue pilot');
    // The slug follows the name until it is typed.
    expect(screen.getByRole('textbox', { name: 'Slug' })).toHaveValue('dialogue-pilot');
    // Each taxonomy shows its types; the default one is chosen until another is.
    expect(screen.getByRole('radio', { name: 'TofuEval' })).toBeChecked();
    const dialogue = screen.getByRole('radio', { name: 'Dialogue LLM errors' });
    expect(dialogue).toHaveAccessibleDescription(
      'Circumstantial Inference · Logical Error (Event Misordering, Missed Detail) · World Knowledge · Referential Error',
    );
    await user.click(dialogue);
    const spans = screen.getByRole('radiogroup', { name: 'Error spans in inconsistent sentences' });
    await user.click(within(spans).getByRole('radio', { name: 'Optional' }));
    const evidence = screen.getByRole('radiogroup', { name: 'Dialogue evidence for each span' });
    await user.click(within(evidence).getByRole('radio', { name: 'Required' }));
    await user.click(screen.getByRole('checkbox', { name: 'Relevance to the topic (1-5)' }));

    await user.click(screen.getByRole('button', { name: 'Create project' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(CREATED));
    expect(server.requests).toEqual([
      {
        method: 'POST',
        path: '/api/admin/projects/',
        body: {
          slug: 'dialogue-pilot',
          name: 'Dialogue pilot',
          taxonomy: 'dialogue-llm',
          scheme: {
            consistency: true,
            error_types: true,
            error_spans: true,
            require_error_spans: false,
            evidence: true,
            require_evidence: true,
            relevance: false,
            topic_category: true,
          },
        },
      },
    ]);
  });

  it('offers evidence only once spans are asked, and drops it when spans go off', async () => {
    const server = fakeServer({ 'POST /api/admin/projects/': () => answer('POST /api/admin/projects/', 201, CREATED) });
    const user = userEvent.setup();
    renderWithProviders(<NewProjectForm options={projectOptions()} onCreated={vi.fn()} />);
    const spans = screen.getByRole('radiogroup', { name: 'Error spans in inconsistent sentences' });
    const evidence = screen.getByRole('radiogroup', { name: 'Dialogue evidence for each span' });
    expect(evidence).toHaveAccessibleDescription('Needs “Error spans in inconsistent sentences” first.');
    expect(within(evidence).getByRole('radio', { name: 'Required' })).toBeDisabled();

    await user.click(within(spans).getByRole('radio', { name: 'Required' }));
    await user.click(within(evidence).getByRole('radio', { name: 'Required' }));
    await user.click(within(spans).getByRole('radio', { name: 'Off' }));

    expect(within(evidence).getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(within(evidence).getByRole('radio', { name: 'Required' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Plain');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]!.body).toMatchObject({
      scheme: { error_spans: false, require_error_spans: false, evidence: false, require_evidence: false },
    });
  });

  it('shows each refusal of the server beside its field', async () => {
    fakeServer({
      'POST /api/admin/projects/': () =>
        errorResponse(400, {
          code: 'invalid',
          message: 'The project was not created: check slug, taxonomy, scheme.require_evidence.',
          errors: {
            slug: ["project slug 'Demo!' is not valid: use 1 to 80 lowercase letters, digits, - and _"],
            taxonomy: ["unknown taxonomy 'tofueval'; built-in ones are dialogue-llm"],
            'scheme.require_evidence': ['require_evidence needs evidence: switch evidence on, or require_evidence off'],
          },
        }),
    });
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<NewProjectForm options={projectOptions()} onCreated={onCreated} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Demo');

    await user.click(screen.getByRole('button', { name: 'Create project' }));

    const slug = screen.getByRole('textbox', { name: 'Slug' });
    await waitFor(() => expect(slug).toHaveAccessibleDescription(/is not valid: use 1 to 80/));
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radiogroup', { name: 'Error taxonomy' })).toHaveAccessibleDescription(
      /unknown taxonomy 'tofueval'; built-in ones are dialogue-llm/,
    );
    expect(screen.getByRole('radiogroup', { name: 'Dialogue evidence for each span' })).toHaveAccessibleDescription(
      /require_evidence needs evidence/,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The project was not created: check slug');
    expect(onCreated).not.toHaveBeenCalled();
    // The button works again: the person fixes the slug and retries.
    expect(screen.getByRole('button', { name: 'Create project' })).toBeEnabled();
  });

  it('shows a taken slug (a 409: the stored projects refuse it) beside the slug', async () => {
    fakeServer({
      'POST /api/admin/projects/': () =>
        errorResponse(409, {
          code: 'slug_taken',
          message: 'The project was not created: the slug is taken.',
          errors: { slug: ["a project with the slug 'demo' already exists: choose another"] },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NewProjectForm options={projectOptions()} onCreated={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Demo');

    await user.click(screen.getByRole('button', { name: 'Create project' }));

    const slug = screen.getByRole('textbox', { name: 'Slug' });
    await waitFor(() => expect(slug).toHaveAccessibleDescription(/already exists: choose another/));
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('the slug is taken');
  });

  it('checks the name and the slug before asking the server', async () => {
    const server = fakeServer({});
    const user = userEvent.setup();
    renderWithProviders(<NewProjectForm options={projectOptions()} onCreated={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/Give the project a name\./);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Pilot');
    const slug = screen.getByRole('textbox', { name: 'Slug' });
    await user.clear(slug);
    await user.type(slug, 'Pilot 2');
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    expect(slug).toHaveAccessibleDescription(/Use lowercase letters, digits, - and _/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('the new-project page', () => {
  function renderAt(path: string) {
    renderWithProviders(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/admin/new-project" element={<NewProjectPage />} />
          <Route path="/app/admin/projects/:slug" element={<p>Project page</p>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('opens the new project’s page once it is created', async () => {
    fakeServer({
      'GET /api/admin/project-options/': () => answer('GET /api/admin/project-options/', 200, projectOptions()),
      'POST /api/admin/projects/': () => answer('POST /api/admin/projects/', 201, CREATED),
    });
    const user = userEvent.setup();
    renderAt('/app/admin/new-project');

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Dialogue pilot');
    await user.click(screen.getByRole('button', { name: 'Create project' }));

    expect(await screen.findByText('Project page')).toBeInTheDocument();
  });

  it('tells someone who is not staff why they cannot create one', async () => {
    fakeServer({
      'GET /api/admin/project-options/': () =>
        errorResponse(403, { code: 'permission_denied', message: 'Only staff can create projects: ask a site administrator.' }),
    });
    renderAt('/app/admin/new-project');

    expect(await screen.findByRole('alert')).toHaveTextContent('Only staff can create projects');
    expect(screen.queryByRole('button', { name: 'Create project' })).not.toBeInTheDocument();
  });
});
