import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { FormatDocPage } from './FormatDocPage';

function at(path: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/app/admin/help/native-jsonl" element={<FormatDocPage />} />
        <Route path="/app/admin/help/formats/:doc" element={<FormatDocPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the format pages bundled with the app', () => {
  it('shows any page of docs/formats by its name, as the import form links them', () => {
    at('/app/admin/help/formats/label-studio');
    expect(screen.getByRole('heading', { level: 1, name: 'Label Studio: import of a JSON export' })).toBeInTheDocument();
    expect(screen.getByText(/<Repeater on="\$sentences"/)).toBeInTheDocument();
  });

  it('follows the pages\' links to each other', () => {
    at('/app/admin/help/formats/imports.md');
    expect(screen.getByRole('heading', { level: 1, name: 'Imports from other tools and benchmarks' })).toBeInTheDocument();
  });

  it('keeps the native format at its own address', () => {
    at('/app/admin/help/native-jsonl');
    expect(screen.getAllByRole('heading', { level: 1 })[0]).toHaveTextContent(/native/i);
  });

  it('says so for a page that does not exist', () => {
    at('/app/admin/help/formats/nothing-here');
    expect(screen.getByRole('alert')).toHaveTextContent('There is no format page of that name.');
  });
});
