import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';

import { markRepliesRead } from '../api/client';
import type { SentFeedback } from '../api/types';
import { ReplyThread } from '../components/ReplyThread';
import { ReplyBox } from '../queue/FeedbackCard';
import { formatDateTime } from './format';

interface SentFeedbackListProps {
  notes: readonly SentFeedback[];
  onReplied: () => void;
}

/**
 * Whether the linguist has read the note. Unread again after an admin's answer: then it is
 * the answer they have not read, which the badge says (the note itself they read, replying).
 */
function ReadBadge({ note }: { note: SentFeedback }) {
  if (note.read_at !== null) {
    return (
      <Badge color="teal" variant="light" tt="none">
        Read {formatDateTime(note.read_at)}
      </Badge>
    );
  }
  const answered = note.replies.some((reply) => !reply.from_annotator);
  return (
    <Badge color="gray" variant="outline" tt="none">
      {answered ? 'Your answer not read yet' : 'Not read yet'}
    </Badge>
  );
}

/** Notes already sent, each with whether its linguist has read it and the thread under it;
 * the admin answers in the same thread. */
export function SentFeedbackList({ notes, onReplied }: SentFeedbackListProps) {
  if (notes.length === 0) return null;
  return (
    <Stack gap="sm" component="ol" aria-label="Feedback sent" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {notes.map((note) => (
        <Card key={note.id} component="li" withBorder padding="sm">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" fw={600}>
              To {note.annotator}
              {note.sentence !== null && ` · Summary ${note.sentence.summary_label}, sentence ${note.sentence.number}`}
            </Text>
            <Group gap={6}>
              {note.reopened && (
                <Badge color="orange" variant="light" tt="none">
                  Reopened the unit
                </Badge>
              )}
              {note.unread_replies > 0 && (
                <Badge color="orange" variant="filled" tt="none">
                  {note.unread_replies} unread repl{note.unread_replies === 1 ? 'y' : 'ies'}
                </Badge>
              )}
              <ReadBadge note={note} />
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            {note.author}, {formatDateTime(note.created_at)}
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {note.text}
          </Text>
          <ReplyThread
            label={`Replies to the note to ${note.annotator}`}
            messages={note.replies.map((reply) => ({
              id: reply.id,
              who: reply.from_annotator ? `${note.annotator} replied${reply.unread ? ' (new)' : ''}` : reply.author,
              when: formatDateTime(reply.created_at),
              text: reply.text,
            }))}
          />
          <Group gap="xs" align="flex-end">
            <ReplyBox feedbackId={note.id} onSent={onReplied} label={`Reply to ${note.annotator}`} />
            {note.unread_replies > 0 && (
              <Button
                size="xs"
                variant="default"
                onClick={() => void markRepliesRead(note.id).then(onReplied, onReplied)}
                aria-label={`Mark ${note.annotator}'s replies read`}
              >
                Mark replies read
              </Button>
            )}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
