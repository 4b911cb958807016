import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import { OverlapCheck } from './OverlapCheck';

afterEach(() => vi.unstubAllGlobals());

const SHORT = {
  overlap: 2,
  auto_reassign: false,
  candidates: 3,
  short_units: [
    { topic: 11, document: 'Meeting 4', name: 'Budget', holders: 1, missing: 1, stalled: 1 },
    { topic: 12, document: 'Meeting 5', name: '', holders: 1, missing: 1, stalled: 0 },
  ],
};
const NONE_SHORT = { ...SHORT, short_units: [] };

describe('keeping a round’s overlap', () => {
  it('lists the short units and gives them to other linguists', async () => {
    let filled = false;
    const server = fakeServer({
      'GET /api/admin/rounds/7/overlap/': () =>
        answer('GET /api/admin/rounds/{round_id}/overlap/', 200, filled ? NONE_SHORT : SHORT),
      'POST /api/admin/rounds/7/overlap/fill/': () => {
        filled = true;
        return answer('POST /api/admin/rounds/{round_id}/overlap/fill/', 200, {
          units: 2,
          assignments: 2,
          released_assignments: 1,
          unfillable_units: [],
          state: NONE_SHORT,
        });
      },
    });
    const changed = vi.fn();
    renderWithProviders(<OverlapCheck roundId={7} onChanged={changed} />);
    expect(await screen.findByText('2 units below the overlap of 2')).toBeInTheDocument();
    expect(screen.getByText('Meeting 4, “Budget”: 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Meeting 5: 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Give them to other linguists' }));
    expect(await screen.findByText('2 new assignments; 2 units back to 2 people.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('2 units below the overlap of 2')).not.toBeInTheDocument());
    expect(changed).toHaveBeenCalled();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('turns on the automatic fill', async () => {
    const server = fakeServer({
      'GET /api/admin/rounds/7/overlap/': () => answer('GET /api/admin/rounds/{round_id}/overlap/', 200, NONE_SHORT),
      'PUT /api/admin/rounds/7/overlap/': () =>
        answer('PUT /api/admin/rounds/{round_id}/overlap/', 200, { ...NONE_SHORT, auto_reassign: true }),
    });
    renderWithProviders(<OverlapCheck roundId={7} onChanged={() => undefined} />);
    const box = await screen.findByRole('checkbox', {
      name: 'Reassign short units automatically when a linguist is paused or removed',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(box);
    expect(await screen.findByText(/now go to another linguist as soon as/)).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ auto_reassign: true });
  });
});
