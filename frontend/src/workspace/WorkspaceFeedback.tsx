import { Stack } from '@mantine/core';
import { useState } from 'react';

import { markFeedbackRead } from '../api/client';
import type { FeedbackItem } from '../api/types';
import { FeedbackCard } from '../queue/FeedbackCard';

/** The admin's unread feedback for this round, shown above the unit it is about, until the
 * linguist marks it as read (the same notes also wait on top of the queue). */
export function WorkspaceFeedback({ items }: { items: readonly FeedbackItem[] }) {
  const [unread, setUnread] = useState(items);
  if (unread.length === 0) return null;

  async function markRead(feedbackId: number) {
    await markFeedbackRead(feedbackId);
    setUnread((current) => current.filter((item) => item.id !== feedbackId));
  }

  return (
    <Stack gap="xs" aria-label="Feedback from your project admin" role="region">
      {unread.map((item) => (
        <FeedbackCard key={item.id} item={item} onMarkRead={markRead} showUnitLink={false} />
      ))}
    </Stack>
  );
}
