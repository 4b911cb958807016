import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { TaxonomyDetail, TaxonomyType } from '../../api/types';
import { answer } from '../../test/answer';
import { fakeServer } from '../../test/fakeServer';
import { errorResponse, renderWithProviders } from '../../test/render';
import { TaxonomyPage } from './TaxonomyPage';

const LEAVES = ['intrinsic-np', 'intrinsic-predicate', 'intrinsic-sentence', 'extrinsic-np', 'extrinsic-predicate', 'extrinsic-sentence'];

function type(code: string, fields: Partial<TaxonomyType> = {}): TaxonomyType {
  return { code, name: code, definition: `${code}.`, example: '', group: '', unified: 'intrinsic-np', retired: false, locked: false, ...fields };
}

/** Shaped like GET /api/admin/taxonomies/{slug}/: version 1 with one type in use. */
function detail(fields: Partial<TaxonomyDetail> = {}): TaxonomyDetail {
  return {
    slug: 'study-t1',
    name: 'Study errors',
    project: 'study',
    version: 1,
    has_draft: false,
    types: [type('wrong-name', { name: 'Wrong name', locked: true })],
    draft: null,
    versions: [{ version: 1, published_at: '2026-11-27T10:00:00Z', changelog: 'First.', types: 1, rounds: 1 }],
    unified_leaves: LEAVES,
    ...fields,
  };
}

function renderPage() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/app/admin/projects/study/taxonomy']}>
      <Routes>
        <Route path="/app/admin/projects/:slug/taxonomy" element={<TaxonomyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const LIST = () =>
  answer('GET /api/admin/taxonomies/', 200, [{ slug: 'study-t1', name: 'Study errors', project: 'study', version: 1, has_draft: false }]);

describe('the taxonomy editor', () => {
  it('adds a type with the keyboard, retires the used one, and publishes with a diff', async () => {
    const saved = detail({
      has_draft: true,
      draft: {
        types: [type('wrong-name', { name: 'Wrong name', locked: true, retired: true }), type('wrong-date', { name: 'Wrong date', unified: 'intrinsic-predicate' })],
        diff: { added: ['wrong-date'], changed: [], retired: ['wrong-name'], restored: [], reordered: false },
      },
    });
    const server = fakeServer({
      'GET /api/admin/taxonomies/': LIST,
      'GET /api/admin/taxonomies/study-t1/': () => answer('GET /api/admin/taxonomies/{slug}/', 200, detail()),
      'PUT /api/admin/taxonomies/study-t1/draft/': () => answer('PUT /api/admin/taxonomies/{slug}/draft/', 200, saved),
      'POST /api/admin/taxonomies/study-t1/publish/': () =>
        answer('POST /api/admin/taxonomies/{slug}/publish/', 201, detail({ version: 2, types: saved.draft!.types.map((t) => ({ ...t })) })),
    });
    const user = userEvent.setup();
    renderPage();

    const table = await screen.findByRole('table', { name: 'Types' });
    expect(within(table).getByText('in use')).toBeInTheDocument();
    // A used type's meaning is read-only in its form.
    await user.click(screen.getByRole('button', { name: 'Edit Wrong name' }));
    expect(screen.getByRole('textbox', { name: 'Definition' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Add a type' }));
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'wrong-date');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Wrong date');
    await user.type(screen.getByRole('textbox', { name: 'Definition' }), 'A date that the dialogue does not give.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unified type (crosswalk)' }), 'intrinsic-predicate');
    await user.click(screen.getByRole('button', { name: 'Add type' }));
    await user.click(screen.getByRole('button', { name: 'Retire Wrong name' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const changes = await screen.findByRole('group', { name: 'Changes in this version' });
    expect(changes).toHaveTextContent('Added: wrong-date');
    expect(changes).toHaveTextContent('Retired: wrong-name');
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toEqual({
      types: [
        { code: 'wrong-name', name: 'Wrong name', definition: 'wrong-name.', example: '', group: '', unified: 'intrinsic-np', retired: true },
        { code: 'wrong-date', name: 'Wrong date', definition: 'A date that the dialogue does not give.', example: '', group: '', unified: 'intrinsic-predicate', retired: false },
      ],
    });

    await user.type(screen.getByRole('textbox', { name: 'What changed (changelog)' }), 'Dates.');
    await user.click(screen.getByRole('button', { name: 'Publish version 2' }));
    expect(await screen.findByText('Version 2 published: new rounds use it.')).toBeInTheDocument();
    expect(server.requests.at(-1)).toEqual({ method: 'POST', path: '/api/admin/taxonomies/study-t1/publish/', body: { changelog: 'Dates.' } });
  });

  it('shows each refusal naming the type and field', async () => {
    fakeServer({
      'GET /api/admin/taxonomies/': LIST,
      'GET /api/admin/taxonomies/study-t1/': () => answer('GET /api/admin/taxonomies/{slug}/', 200, detail()),
      'PUT /api/admin/taxonomies/study-t1/draft/': () =>
        errorResponse(400, {
          code: 'invalid',
          message: 'types.0.definition: in use',
          errors: { 'types.0.definition': ["'wrong-name' is in use (labels or a round); its definition cannot change"] },
        }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Retire Wrong name' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Type 1 (wrong-name), definition'));
  });
});
