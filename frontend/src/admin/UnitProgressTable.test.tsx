import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { AnnotatorProgress, UnitProgress } from '../api/types';
import { fakeServer } from '../test/fakeServer';
import { errorResponse, renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import { UnitProgressTable } from './UnitProgressTable';

const ANNOTATORS: AnnotatorProgress[] = [
  { username: 'linguist1', display_name: 'Lin One', assigned: 1, submitted: 1, in_progress: 0, active_seconds: 600 },
  { username: 'linguist2', display_name: '', assigned: 1, submitted: 0, in_progress: 1, active_seconds: 60 },
];
const UNITS: UnitProgress[] = [
  {
    topic: 3,
    topic_name: 'Parking fees',
    document: 'Council meeting',
    assignments: [
      { assignment: 41, username: 'linguist1', status: 'submitted', active_seconds: 600 },
      { assignment: 42, username: 'linguist2', status: 'in_progress', active_seconds: 60 },
    ],
  },
];

describe('reopening a submitted unit from the progress table', () => {
  it('asks for a reason, sends it, and reloads the progress', async () => {
    const server = fakeServer({
      'POST /api/admin/assignments/41/reopen/': () =>
        answer('POST /api/admin/assignments/{assignment_id}/reopen/', 200, { assignment: 41, status: 'in_progress', feedback: 5 }),
    });
    const onReopened = vi.fn();
    renderWithProviders(
      <UnitProgressTable units={UNITS} annotators={ANNOTATORS} labelledBy="x" onReopened={onReopened} />,
    );

    // Only the submitted unit can be reopened.
    expect(screen.getAllByRole('button', { name: /^Reopen/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: "Reopen Lin One's Parking fees" }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Reopen the unit' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Re-check sentence 2.');
    await userEvent.click(confirm);

    await waitFor(() => expect(onReopened).toHaveBeenCalledOnce());
    expect(server.requests).toContainEqual({
      method: 'POST',
      path: '/api/admin/assignments/41/reopen/',
      body: { reason: 'Re-check sentence 2.' },
    });
  });

  it("shows the server's refusal and keeps the reason", async () => {
    fakeServer({
      'POST /api/admin/assignments/41/reopen/': () =>
        errorResponse(409, { message: 'The round is closed: only assignments of an open round can be reopened.' }),
    });
    const onReopened = vi.fn();
    renderWithProviders(
      <UnitProgressTable units={UNITS} annotators={ANNOTATORS} labelledBy="x" onReopened={onReopened} />,
    );
    await userEvent.click(screen.getByRole('button', { name: "Reopen Lin One's Parking fees" }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Why not.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reopen the unit' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The round is closed');
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('Why not.');
    expect(onReopened).not.toHaveBeenCalled();
  });

  it('offers no reopen when the round is not open', () => {
    renderWithProviders(<UnitProgressTable units={UNITS} annotators={ANNOTATORS} labelledBy="x" />);
    expect(screen.queryByRole('button', { name: /^Reopen/ })).not.toBeInTheDocument();
  });
});

describe('opening a unit for adjudication from the progress table', () => {
  it('offers it per unit only where the page passes the action', async () => {
    const onAdjudicate = vi.fn();
    const { unmount } = renderWithProviders(<UnitProgressTable units={UNITS} annotators={ANNOTATORS} labelledBy="x" onAdjudicate={onAdjudicate} />);
    await userEvent.click(screen.getByRole('button', { name: 'Adjudicate Parking fees' }));
    expect(onAdjudicate).toHaveBeenCalledWith(3);
    unmount();
    renderWithProviders(<UnitProgressTable units={UNITS} annotators={ANNOTATORS} labelledBy="x" />);
    expect(screen.queryByRole('button', { name: /^Adjudicate/ })).not.toBeInTheDocument();
  });
});
