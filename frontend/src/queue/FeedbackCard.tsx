import { Anchor, Button, Card, Group, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import type { FeedbackItem } from '../api/types';
import { describeError } from '../useMe';

interface FeedbackCardProps {
  item: FeedbackItem;
  onMarkRead: (feedbackId: number) => Promise<void>;
  /** Off inside the workspace, where the unit is already open. */
  showUnitLink?: boolean;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** One unread note from the admin, with where it applies ("Summary B, sentence 2"). */
export function FeedbackCard({ item, onMarkRead, showUnitLink = true }: FeedbackCardProps) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const place = item.sentence === null ? null : `Summary ${item.sentence.summary_label}, sentence ${item.sentence.number}`;

  async function markRead() {
    setBusy(true);
    setError(null);
    try {
      await onMarkRead(item.id);
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  }

  return (
    <Card component="article" withBorder padding="md" aria-labelledby={headingId}>
      <Text fw={600} id={headingId}>
        {item.round}
        {place !== null && ` · ${place}`}
      </Text>
      <Text size="sm" c="dimmed">
        From {item.author}, {formatDate(item.created_at)}
      </Text>
      <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {item.text}
      </Text>
      {error !== null && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {error}
        </Text>
      )}
      <Group gap="md" mt="sm">
        <Button size="xs" variant="default" loading={busy} onClick={() => void markRead()}>
          Mark as read
        </Button>
        {showUnitLink && item.assignment !== null && (
          <Anchor component={Link} to={`/app/assignments/${item.assignment}`} size="sm">
            Open the unit
          </Anchor>
        )}
      </Group>
    </Card>
  );
}
