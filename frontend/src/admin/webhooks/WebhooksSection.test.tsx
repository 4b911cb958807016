import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Webhook, WebhookDelivery } from '../../api/types';
import { answer } from '../../test/answer';
import { fakeServer } from '../../test/fakeServer';
import { errorResponse, renderWithProviders } from '../../test/render';
import { WebhooksSection } from './WebhooksSection';

const BASE = '/api/admin/projects/study/webhooks/';

const HOOK: Webhook = {
  id: 3,
  url: 'https://hooks.example.org/in',
  events: ['round.closed'],
  active: true,
  description: '',
  created_at: '2026-11-26T10:00:00Z',
  created_by: 'ada',
  last_delivery: '2026-11-26T11:00:00Z',
};

function delivery(status: WebhookDelivery['status'], lastError = ''): WebhookDelivery {
  return {
    id: 9,
    event_id: '5b0c1e5e-8d55-4a43-9a43-5a4c0f1f3f11',
    event: 'round.closed',
    status,
    attempts: 2,
    last_error: lastError,
    response_status: 500,
    created_at: '2026-11-26T11:00:00Z',
    next_attempt_at: null,
    delivered_at: null,
    payload: {},
  };
}

function page(results: WebhookDelivery[]) {
  return { count: results.length, page: 1, pages: 1, page_size: 50, results };
}

describe('the Webhooks section', () => {
  it('lists deliveries with their status and error, and resends one', async () => {
    let current = delivery('failed', 'the receiver answered 500: oops');
    const { requests } = fakeServer({
      [`GET ${BASE}`]: () => answer('GET /api/admin/projects/{slug}/webhooks/', 200, [HOOK]),
      [`GET ${BASE}3/deliveries/`]: () =>
        answer('GET /api/admin/projects/{slug}/webhooks/{webhook_id}/deliveries/', 200, page([current])),
      [`POST ${BASE}3/deliveries/9/resend/`]: () => {
        current = delivery('pending');
        return answer(
          'POST /api/admin/projects/{slug}/webhooks/{webhook_id}/deliveries/{delivery_id}/resend/',
          202,
          current,
        );
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection slug="study" />);

    const table = await screen.findByRole('table', { name: /Latest deliveries to https:\/\/hooks.example.org\/in/ });
    expect(within(table).getByText('failed')).toBeInTheDocument();
    expect(within(table).getByText(/answered 500: oops/)).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Resend the round.closed delivery/ }));
    await waitFor(() => expect(within(table).getByText('pending')).toBeInTheDocument());
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/resend/'))).toBe(true);
  });

  it('registers an endpoint with the chosen events and shows its secret once', async () => {
    const hooks: Webhook[] = [];
    const { requests } = fakeServer({
      [`GET ${BASE}`]: () => answer('GET /api/admin/projects/{slug}/webhooks/', 200, hooks),
      [`GET ${BASE}3/deliveries/`]: () =>
        answer('GET /api/admin/projects/{slug}/webhooks/{webhook_id}/deliveries/', 200, page([])),
      [`POST ${BASE}`]: (body) => {
        const sent = body as { url: string; events: Webhook['events'] };
        const made: Webhook = { ...HOOK, url: sent.url, events: sent.events };
        hooks.push(made);
        return answer('POST /api/admin/projects/{slug}/webhooks/', 201, { ...made, secret: 'whsec_shown_once' });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection slug="study" />);

    const form = await screen.findByRole('form', { name: 'Register a webhook' });
    await user.type(within(form).getByRole('textbox', { name: /Endpoint URL/ }), 'https://hooks.example.org/in');
    await user.click(within(form).getByRole('checkbox', { name: /A linguist submitted a unit/ }));
    await user.click(within(form).getByRole('button', { name: 'Register webhook' }));

    expect(await screen.findByDisplayValue('whsec_shown_once')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      url: 'https://hooks.example.org/in',
      events: ['round.closed', 'release.published', 'unit.submitted'],
    });
    expect(await screen.findByRole('group', { name: 'Webhook https://hooks.example.org/in' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a private address beside the URL', async () => {
    fakeServer({
      [`GET ${BASE}`]: () => answer('GET /api/admin/projects/{slug}/webhooks/', 200, []),
      [`POST ${BASE}`]: () =>
        errorResponse(400, {
          message: 'The request is not valid: check url.',
          code: 'invalid',
          errors: { url: ['10.0.0.5 is a private, loopback or link-local address'] },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhooksSection slug="study" />);
    const form = await screen.findByRole('form', { name: 'Register a webhook' });
    await user.type(within(form).getByRole('textbox', { name: /Endpoint URL/ }), 'http://10.0.0.5/x');
    await user.click(within(form).getByRole('button', { name: 'Register webhook' }));
    expect(await screen.findByText(/10.0.0.5 is a private/)).toBeInTheDocument();
  });
});
