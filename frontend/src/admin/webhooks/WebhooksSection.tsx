import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';

import {
  deleteWebhook,
  getWebhookDeliveries,
  getWebhooks,
  resendWebhookDelivery,
  updateWebhook,
} from '../../api/client';
import type { Webhook, WebhookDelivery } from '../../api/types';
import { describeError } from '../../useMe';
import { LoadStatus } from '../LoadStatus';
import { useLoad } from '../useLoad';
import { DeliveriesTable } from './DeliveriesTable';
import { WebhookForm } from './WebhookForm';

/** The project page's "Webhooks": endpoints that hear of the project's events, each with its
 * deliveries (status, attempts, last error) and "Resend" (docs/webhooks.md). */
export function WebhooksSection({ slug }: { slug: string }) {
  const { state, reload, refresh } = useLoad(slug, (signal) => getWebhooks(slug, signal));
  const [error, setError] = useState<string | null>(null);

  if (state.status !== 'ready') return <LoadStatus state={state} what="the project's webhooks" onRetry={reload} />;

  async function act(action: () => Promise<unknown>) {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      await refresh();
    }
  }

  return (
    <Stack gap="lg">
      {error !== null && (
        <Alert color="red" title="Not changed" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {state.data.length === 0 ? (
        <Text size="sm">No webhooks yet.</Text>
      ) : (
        state.data.map((webhook) => (
          <Endpoint
            key={webhook.id}
            slug={slug}
            webhook={webhook}
            onActive={(active) => void act(() => updateWebhook(slug, webhook.id, { active }))}
            onDelete={() => void act(() => deleteWebhook(slug, webhook.id))}
          />
        ))
      )}
      <div>
        <Title order={3} size="h4" mb="xs">
          Register a webhook
        </Title>
        <WebhookForm slug={slug} onCreated={() => void refresh()} />
      </div>
    </Stack>
  );
}

interface EndpointProps {
  slug: string;
  webhook: Webhook;
  onActive: (active: boolean) => void;
  onDelete: () => void;
}

function Endpoint({ slug, webhook, onActive, onDelete }: EndpointProps) {
  const { state, reload, refresh } = useLoad(`${slug}/${webhook.id}`, (signal) =>
    getWebhookDeliveries(slug, webhook.id, signal),
  );
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function resend(delivery: WebhookDelivery) {
    setBusy(delivery.id);
    setError(null);
    try {
      await resendWebhookDelivery(slug, webhook.id, delivery.id);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      await refresh();
      setBusy(null);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={`Webhook ${webhook.url}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600} style={{ wordBreak: 'break-all' }}>
              {webhook.url}
            </Text>
            <Text size="sm">Events: {webhook.events.join(', ')}</Text>
          </div>
          <Group gap="sm">
            <Switch
              label="Active"
              checked={webhook.active}
              onChange={(event) => onActive(event.currentTarget.checked)}
            />
            <Button variant="default" size="xs" onClick={() => void refresh()}>
              Refresh deliveries
            </Button>
            <Button color="red" variant="outline" size="xs" onClick={onDelete} aria-label={`Remove webhook ${webhook.url}`}>
              Remove
            </Button>
          </Group>
        </Group>
        {error !== null && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        {state.status !== 'ready' ? (
          <LoadStatus state={state} what="the deliveries" onRetry={reload} />
        ) : (
          <DeliveriesTable
            deliveries={state.data.results}
            caption={`Latest deliveries to ${webhook.url} (${state.data.count} in all)`}
            busy={busy}
            onResend={(delivery) => void resend(delivery)}
          />
        )}
      </Stack>
    </Paper>
  );
}
