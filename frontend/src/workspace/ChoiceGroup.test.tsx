import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../test/render';
import { ChoiceGroup } from './ChoiceGroup';

const CHOICES = [1, 2, 3, 4, 5].map((value) => ({ value, label: `${value} — level ${value}`, digit: String(value) }));

describe('a question a linguist answers by keyboard', () => {
  it('moves focus with the arrows without choosing, and chooses with Space or Enter', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ChoiceGroup label="Relevance" choices={CHOICES} value={null} onChange={onChange} readOnly={false} />);

    await user.tab();
    expect(screen.getByRole('radio', { name: '1 — level 1' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: '4 — level 4' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(4);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(5);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: '1 — level 1' })).toHaveFocus(); // wraps around
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('moves focus to the answer when it changes while focus is in the group', () => {
    const props = { label: 'Relevance', choices: CHOICES, onChange: vi.fn(), readOnly: false };
    const { rerender } = renderWithProviders(<ChoiceGroup {...props} value={1} />);
    screen.getByRole('radio', { name: '1 — level 1' }).focus();

    rerender(<ChoiceGroup {...props} value={4} />);

    expect(screen.getByRole('radio', { name: '4 — level 4' })).toHaveFocus();
  });

  it('keeps a read-only answer visibly chosen and unchangeable', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ChoiceGroup label="Relevance" choices={CHOICES} value={3} onChange={onChange} readOnly />);

    const chosen = screen.getByRole('radio', { name: '3 — level 3' });
    expect(chosen).toHaveAttribute('aria-checked', 'true');
    expect(chosen).toHaveAttribute('data-checked');
    await user.click(screen.getByRole('radio', { name: '5 — level 5' }));
    await user.keyboard('1');
    expect(onChange).not.toHaveBeenCalled();
  });
});
