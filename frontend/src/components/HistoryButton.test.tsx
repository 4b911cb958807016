import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { AnnotatorProgress, UnitProgress } from '../api/types';
import { DisagreementView } from '../admin/DisagreementView';
import { UnitProgressTable } from '../admin/UnitProgressTable';
import { disagreementUnit } from '../test/adminFixtures';
import { answer } from '../test/answer';
import { fakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';

afterEach(() => vi.unstubAllGlobals());

const ENTRY = {
  at: '2026-11-24T10:00:00Z',
  actor: 'linguist1',
  action: 'update',
  kind: 'sentencejudgement',
  before: { label: 'consistent', version: 1 },
  after: { label: 'inconsistent', version: 2 },
  source: 'workspace' as const,
};

describe("a judgement's history", () => {
  it('opens from the disagreement view, per answer and per summary', async () => {
    const server = fakeServer({
      'GET /api/admin/history/sentencejudgement/41/': () => answer('GET /api/admin/history/{kind}/{object_id}/', 200, { entries: [ENTRY] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<DisagreementView roundId={1} unit={disagreementUnit()} />);
    expect(screen.getByRole('button', { name: "History of linguist2's answers on summary A" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "History of linguist1's answer on summary A, sentence 1" }));
    const dialog = await screen.findByRole('dialog', { name: "History of linguist1's answer on summary A, sentence 1" });
    expect(await within(dialog).findByText('label: "consistent" → "inconsistent"')).toBeInTheDocument();
    expect(server.requests.map((r) => r.path)).toContain('/api/admin/history/sentencejudgement/41/');
  });

  it("opens a unit's whole history from the round progress, for work begun", async () => {
    const annotators: AnnotatorProgress[] = [
      { username: 'linguist1', display_name: 'Lin One', assigned: 1, submitted: 1, in_progress: 0, active_seconds: 600 },
      { username: 'linguist2', display_name: '', assigned: 1, submitted: 0, in_progress: 0, active_seconds: 0 },
    ];
    const units: UnitProgress[] = [
      {
        topic: 3,
        topic_name: 'Parking fees',
        document: 'Council meeting',
        assignments: [
          { assignment: 41, username: 'linguist1', status: 'submitted', active_seconds: 600 },
          { assignment: 42, username: 'linguist2', status: 'assigned', active_seconds: 0 },
        ],
      },
    ];
    fakeServer({
      'GET /api/admin/history/assignment/41/': () =>
        answer('GET /api/admin/history/{kind}/{object_id}/', 200, { entries: [{ ...ENTRY, action: 'submit', kind: 'assignment', before: null, after: null }] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<UnitProgressTable units={units} annotators={annotators} labelledBy="x" />);
    // Nothing to show for a unit not started.
    expect(screen.getAllByRole('button', { name: /^History of/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: "History of Lin One's work on Parking fees" }));
    const dialog = await screen.findByRole('dialog', { name: "History of Lin One's work on Parking fees" });
    expect(await within(dialog).findByText(/submit \(assignment, workspace\)/)).toBeInTheDocument();
  });
});
