import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import { SafeMarkdown } from './SafeMarkdown';

const GUIDELINE = `# Error types

| Code | Meaning |
| --- | --- |
| CON | Contradiction |
| NEI | Not in the dialogue |

- [x] Read the whole dialogue
- [ ] Judge each sentence

<script>alert(1)</script><b>raw</b>

[bad](javascript:alert(1))
`;

describe('guideline and card Markdown', () => {
  it('renders tables and task lists, and never raw HTML or script links', () => {
    const { container } = renderWithProviders(<SafeMarkdown>{GUIDELINE}</SafeMarkdown>);

    const table = screen.getByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Code', 'Meaning']);
    expect(table).toHaveTextContent('Contradiction');
    expect(container).not.toHaveTextContent('| --- |');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('bad').getAttribute('href') ?? '').not.toContain('javascript');
  });
});
