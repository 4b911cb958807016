import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { importFormats, job } from '../test/adminFixtures';
import { jsonResponse, renderWithProviders } from '../test/render';
import { ImportCorpus } from './ImportCorpus';

// The import form's layouts and its lenient choice (docs/formats/circumstantial.md, "Lenient
// mode"). Fetch is stubbed here directly: these tests look at what the form sends.

const LENIENT_LINES = [
  'documents: 2 created, 0 already imported (unchanged)',
  'lenient: 6 row(s) imported, 2 as published, 4 with something not imported as it is written',
  'lenient, span_none: 1 row(s), 2 item(s): nonfactual_spans holds None: that span is not imported',
  'lenient: row 3 (line 8), field nonfactual_spans: span_none: item 1 of 2 is None',
];

function stubServer() {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    if ((init?.method ?? 'GET') === 'POST') return jsonResponse({ job: 9 }, 202);
    if (path === '/api/admin/import-formats/') return jsonResponse(importFormats());
    expect(path).toBe('/api/admin/jobs/9/');
    return jsonResponse(job({ id: 9, status: 'succeeded', progress: 100, message: 'done', result: { lines: LENIENT_LINES } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof stubServer>): FormData {
  const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
  expect(init?.body).toBeInstanceOf(FormData);
  return init?.body as FormData;
}

function fileField(): HTMLInputElement {
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the import form’s layouts', () => {
  it('offers the lenient choice for a circumstantial CSV and sends it with the layout', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <ImportCorpus slug="study" onImported={vi.fn()} pollIntervalMs={20} />
      </MemoryRouter>,
    );
    // Native JSONL first, without a lenient choice.
    expect(await screen.findByRole('radio', { name: 'Native JSONL' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Lenient/ })).not.toBeInTheDocument();

    await user.click(screen.getByText('Circumstantial CSV'));
    expect(screen.getByText('Corpus file (CSV)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the format, field by field' })).toHaveAttribute('href', '/app/admin/help/circumstantial-csv');
    const lenient = screen.getByRole('checkbox', { name: "Lenient: import the study's own file as published" });
    expect(lenient).not.toBeChecked();
    await user.click(lenient);
    await user.upload(fileField(), new File(['docid,model\n'], 'study.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));

    // The report is where job results show: the counts per reason and every row with its line.
    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    expect(screen.getByText('lenient: row 3 (line 8), field nonfactual_spans: span_none: item 1 of 2 is None')).toBeInTheDocument();
    const form = sent(fetchMock);
    expect(form.get('format')).toBe('circumstantial');
    expect(form.get('lenient')).toBe('true');
    expect((form.get('file') as File).name).toBe('study.csv');
  });

  it('sends a native import without the lenient choice, even after it was ticked for a CSV', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <ImportCorpus slug="study" onImported={vi.fn()} pollIntervalMs={20} />
      </MemoryRouter>,
    );

    await user.click(await screen.findByText('Circumstantial CSV'));
    await user.click(screen.getByRole('checkbox', { name: /Lenient/ }));
    await user.click(screen.getByText('Native JSONL'));
    expect(screen.queryByRole('checkbox', { name: /Lenient/ })).not.toBeInTheDocument();
    await user.upload(fileField(), new File(['{}\n'], 'corpus.jsonl', { type: 'application/jsonl' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    const form = sent(fetchMock);
    expect(form.get('format')).toBe('native');
    expect(form.get('lenient')).toBeNull();
  });

  it('offers every format the server lists, with its own file kinds and documentation page', async () => {
    const fetchMock = stubServer();
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter>
        <ImportCorpus slug="study" onImported={vi.fn()} pollIntervalMs={20} />
      </MemoryRouter>,
    );

    const radios = await screen.findAllByRole('radio');
    expect(radios.map((radio) => radio.closest('div')?.parentElement?.textContent)).toEqual(importFormats().map((f) => f.label));
    await user.click(screen.getByRole('radio', { name: 'Potato project' }));
    expect(screen.getByText('Folder (.zip)')).toBeInTheDocument();
    expect(fileField()).toHaveAttribute('accept', '.zip');
    expect(screen.getByRole('link', { name: 'the format, field by field' })).toHaveAttribute('href', '/app/admin/help/formats/potato');
    expect(screen.queryByRole('checkbox', { name: /Lenient/ })).not.toBeInTheDocument();
    await user.upload(fileField(), new File(['PK'], 'project.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Import finished')).toBeInTheDocument();
    const form = sent(fetchMock);
    expect(form.get('format')).toBe('potato');
    expect((form.get('file') as File).name).toBe('project.zip');
  });
});
