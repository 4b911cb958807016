import { Alert, Anchor, List } from '@mantine/core';
import { Link } from 'react-router';

import type { AdminProject } from '../api/types';
import { adminPaths } from './paths';

function replies(count: number): string {
  return `${count} unread repl${count === 1 ? 'y' : 'ies'}`;
}

/** How many replies to the project's feedback no admin has read, per round. */
export function unreadByRound(project: AdminProject): Map<number, number> {
  const byRound = new Map<number, number>();
  for (const entry of project.unread_replies) byRound.set(entry.round, (byRound.get(entry.round) ?? 0) + entry.count);
  return byRound;
}

/** The project page's notice of linguists' replies waiting for an admin, each opening the
 * unit whose feedback thread it is in (a note about no unit shows on every unit's page). */
export function UnreadReplies({ project }: { project: AdminProject }) {
  const total = project.unread_replies.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return null;
  const names = new Map(project.rounds.map((round) => [round.id, round.name]));
  return (
    <Alert color="orange" title={`${replies(total)} to your feedback`}>
      <List size="sm">
        {project.unread_replies.map((entry) => (
          <List.Item key={`${entry.round}-${entry.topic ?? ''}`}>
            <Anchor
              component={Link}
              to={
                entry.topic === null
                  ? adminPaths.disagreements(entry.round, project.slug)
                  : adminPaths.disagreement(entry.round, entry.topic, project.slug)
              }
            >
              {names.get(entry.round) ?? `Round ${entry.round}`}: {replies(entry.count)}
              {entry.topic === null ? ' (notes about the whole round)' : ''}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
