import { Anchor, Badge, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { replyToFeedback } from '../api/client';
import { ReplyThread } from '../components/ReplyThread';
import type { FeedbackItem, FeedbackReply } from '../api/types';
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

/** One unread note from the admin, with where it applies ("Summary B, sentence 2"), the
 * thread of replies under it, and a box to answer in. */
export function FeedbackCard({ item, onMarkRead, showUnitLink = true }: FeedbackCardProps) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [replies, setReplies] = useState<FeedbackReply[]>(item.replies);
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
      <Group gap="xs">
        <Text fw={600} id={headingId}>
          {item.project.name} · {item.round}
          {place !== null && ` · ${place}`}
        </Text>
        {item.reopened && (
          <Badge color="orange" variant="light">
            Unit reopened for you
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        From {item.author}, {formatDate(item.created_at)}
      </Text>
      <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
        {item.text}
      </Text>
      <ReplyThread
        label="Replies"
        messages={replies.map((reply) => ({
          id: reply.id,
          who: reply.mine ? 'You' : reply.author,
          when: formatDate(reply.created_at),
          text: reply.text,
        }))}
      />
      <ReplyBox feedbackId={item.id} onSent={(reply) => setReplies((previous) => [...previous, reply])} />
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

interface ReplyBoxProps {
  feedbackId: number;
  onSent: (reply: FeedbackReply) => void;
  label?: string;
}

/** Answer the admin under their note; what is typed stays until the server has it. */
export function ReplyBox({ feedbackId, onSent, label = 'Reply' }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    setSending(true);
    setError(null);
    try {
      onSent(await replyToFeedback(feedbackId, text.trim()));
      setText('');
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap={4} mt="sm">
      <Textarea
        label={label}
        size="sm"
        autosize
        minRows={1}
        maxRows={6}
        maxLength={5000}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {error !== null && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button size="xs" loading={sending} disabled={text.trim() === ''} onClick={() => void send()}>
          Send reply
        </Button>
      </Group>
    </Stack>
  );
}
