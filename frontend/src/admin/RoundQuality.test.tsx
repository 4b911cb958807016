import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';
import { answer } from '../test/answer';
import { ReviewResults } from './ReviewResults';
import { RoundQuality } from './RoundQuality';

afterEach(() => vi.unstubAllGlobals());

describe('a round’s quality section', () => {
  it('shows who is paused and resumes them', async () => {
    const server = fakeServer({
      'GET /api/admin/rounds/3/quality/': () =>
        answer('GET /api/admin/rounds/{round_id}/quality/', 200, {
          answer_key: { units: 2, annotators: [{ username: 'linguist1', units: 2, accuracy: { sentence_label: 0.9, error_types: null, relevance: 1, topic_category: null } }] },
          gold_units: { units: 3, rate: 0.1, pause_below: 0.8, annotators: [{ username: 'linguist2', scored: 3, accuracy: 0.5, paused: true, by_week: [{ week: '2026-W48', scored: 3, accuracy: 0.5 }] }] },
          drift: [{ username: 'linguist2', weeks: [{ week: '2026-W48', sentences: 40, agreement: 0.75 }] }],
          paused: [{ username: 'linguist2', paused_at: '2026-11-24T10:00:00Z', accuracy: 0.5, round: 3 }],
        }),
      'POST /api/admin/projects/demo/members/linguist2/resume/': () => answer('POST /api/admin/projects/{slug}/members/{username}/resume/', 204, null),
    });
    renderWithProviders(<RoundQuality roundId={3} slug="demo" />);
    expect(await screen.findByText('linguist2 is paused')).toBeInTheDocument();
    expect(screen.getByText('2026-W48: 50%')).toBeInTheDocument();
    expect(screen.getByText('2026-W48: 75% of 40')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resume linguist2' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'POST')).toBe(true));
    expect(await screen.findByText('linguist2 can start new work again.')).toBeInTheDocument();
  });

  it('gives a review round’s false-positive rates', async () => {
    fakeServer({
      'GET /api/admin/rounds/5/review/': () =>
        answer('GET /api/admin/rounds/{round_id}/review/', 200, {
          reviewers: [{ username: 'reviewer', stage: 'review', items: 3, done: 3 }],
          items: 3,
          decided: 3,
          confirmed: 2,
          disputed: 1,
          false_positive_rate: {
            by_annotator: [{ username: 'linguist1', reviewed: 3, false_positive: 1, rate: 0.3333 }],
            by_error_type: [{ type: 'Extrinsic Information', reviewed: 2, false_positive: 1, rate: 0.5 }],
          },
        }),
    });
    renderWithProviders(<ReviewResults roundId={5} />);
    expect(await screen.findByText('1 disputed')).toBeInTheDocument();
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(screen.getByText('Extrinsic Information')).toBeInTheDocument();
  });
});
