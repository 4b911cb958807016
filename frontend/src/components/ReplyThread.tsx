import { Stack, Text } from '@mantine/core';

export interface ThreadMessage {
  id: number;
  /** Who wrote it, as this reader should see it ("You", "linguist1 replied", "Ada Admin"). */
  who: string;
  /** When, already formatted for this reader. */
  when: string;
  text: string;
}

/** The replies under a feedback note, oldest first; the linguist's and the admin's views
 * differ only in how they name the writers. */
export function ReplyThread({ messages, label }: { messages: readonly ThreadMessage[]; label: string }) {
  if (messages.length === 0) return null;
  return (
    <Stack gap="xs" mt="sm" component="ol" aria-label={label} style={{ listStyle: 'none', paddingLeft: 16 }}>
      {messages.map((message) => (
        <li key={message.id}>
          <Text size="xs" c="dimmed">
            {message.who}, {message.when}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {message.text}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
