import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import type { SchemeSwitch } from '../api/types';
import { renderWithProviders } from '../test/render';
import { SchemeFields } from './SchemeFields';
import type { SchemeValues } from './schemeControls';

const SWITCHES: SchemeSwitch[] = [
  { key: 'consistency', label: 'Factual consistency per sentence', default: true, needs: null },
  { key: 'error_spans', label: 'Error spans in inconsistent sentences', default: false, needs: null },
  { key: 'require_error_spans', label: 'An inconsistent sentence needs a span', default: false, needs: 'error_spans' },
];

function Fields() {
  const [value, setValue] = useState<SchemeValues>({ consistency: true, error_spans: false, require_error_spans: false });
  return <SchemeFields switches={SWITCHES} value={value} onChange={setValue} errorFor={() => undefined} />;
}

describe('the scheme fields', () => {
  it('says a level requires something only when it is Required, never while it is Off', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Fields />);
    const spans = screen.getByRole('radiogroup', { name: 'Error spans in inconsistent sentences' });
    expect(spans).toHaveAccessibleDescription('Not asked.');
    expect(screen.queryByText(/Required: an inconsistent sentence needs a span/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Optional' }));
    expect(spans).toHaveAccessibleDescription('Asked, but a linguist may leave it out.');
    await user.click(screen.getByRole('radio', { name: 'Required' }));
    expect(spans).toHaveAccessibleDescription('Required: an inconsistent sentence needs a span.');
  });
});
