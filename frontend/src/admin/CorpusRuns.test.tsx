import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { job } from '../test/adminFixtures';
import { answer } from '../test/answer';
import { fakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';
import { CorpusRunsSection } from './CorpusRuns';

const RUN = {
  id: 4,
  evaluator: 'GPT-4o judge',
  kind: 'llm' as const,
  version: 'prompt-v2',
  sentences: 80,
  summaries: 0,
  abstained: 3,
  has_scores: false,
  has_labels: true,
  source_name: 'judge.jsonl',
  sha256: 'a'.repeat(64),
  created_at: '2026-11-27T12:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

describe("the corpus's evaluator runs", () => {
  it('lists each run with what share of the corpus it covers and its abstentions', async () => {
    fakeServer({
      'GET /api/projects/demo/evaluator-runs/': () =>
        answer('GET /api/projects/{slug}/evaluator-runs/', 200, { corpus_sentences: 90, corpus_summaries: 45, runs: [RUN] }),
    });
    renderWithProviders(
      <>
        <h2 id="runs">Runs</h2>
        <CorpusRunsSection slug="demo" labelledBy="runs" />
      </>,
    );
    const table = await screen.findByRole('table', { name: 'Runs' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('GPT-4o judge (LLM)prompt-v280 of 900 of 453labelsjudge.jsonl');
  });

  it('uploads a run and shows the refusal naming file, line and field', async () => {
    const server = fakeServer({
      'GET /api/projects/demo/evaluator-runs/': () =>
        answer('GET /api/projects/{slug}/evaluator-runs/', 200, { corpus_sentences: 90, corpus_summaries: 45, runs: [] }),
      'POST /api/projects/demo/evaluator-runs/': () => answer('POST /api/projects/{slug}/evaluator-runs/', 202, { job: 12 }),
      'GET /api/admin/jobs/12/': () =>
        answer(
          'GET /api/admin/jobs/{job_id}/',
          200,
          job({ id: 12, kind: 'corpus_run_upload', status: 'failed', progress: 0, message: 'failed', error: "bad.csv, line 3, field label: the string 'maybe': a label is 1 or consistent" }),
        ),
    });
    renderWithProviders(<CorpusRunsSection slug="demo" labelledBy="none" pollIntervalMs={10} />);
    expect(await screen.findByText('No evaluator has a run on this corpus yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Evaluator'), 'GPT-4o judge');
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['record_id,label\n'], 'bad.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Give the run a version label (e.g. 'prompt-v2').");
    await userEvent.type(screen.getByLabelText('Version'), 'prompt-v2');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("bad.csv, line 3, field label: the string 'maybe'"), { timeout: 4000 });
    const posted = server.requests.find((request) => request.method === 'POST');
    expect(posted).toBeDefined();
  });
});
