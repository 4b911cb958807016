import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../test/render';
import { PageControls } from './PageControls';

describe('the page controls', () => {
  it('name every control for screen readers and say which rows are shown', async () => {
    const onChange = vi.fn();
    renderWithProviders(<PageControls page={{ count: 120, page: 2, pages: 3, page_size: 50 }} what="units" onChange={onChange} />);

    const pages = screen.getByRole('navigation', { name: 'Pages of units' });
    expect(within(pages).getByText('51–100 of 120')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(pages).getByRole('button', { name: 'Previous page of units' }));
    await user.click(within(pages).getByRole('button', { name: 'Page 3 of units' }));
    expect(onChange.mock.calls).toEqual([[1], [3]]);
  });

  it('are not shown when one page holds every row', () => {
    renderWithProviders(<PageControls page={{ count: 3, page: 1, pages: 1, page_size: 50 }} what="units" onChange={() => {}} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
