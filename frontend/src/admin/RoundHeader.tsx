import { Anchor, Badge, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { adminPaths } from './paths';
import { kindLabel } from './questions';
import { RoundStatusChip } from './RoundStatusChip';
import { unreadByRound } from './UnreadReplies';
import type { LoadState } from './useLoad';
import type { RoundProject } from './useRoundProject';

interface RoundHeaderProps {
  roundId: number;
  /** The page: "Progress", "Agreement", "Disagreements". */
  page: string;
  context: LoadState<RoundProject>;
}

/** The page title, a link back to the project, and links to the round's other pages. */
export function RoundHeader({ roundId, page, context }: RoundHeaderProps) {
  const ready = context.status === 'ready' ? context.data : null;
  const slug = ready?.project.slug;
  const roundName = ready?.round.name ?? `Round ${roundId}`;
  return (
    <div>
      {ready !== null && (
        <Anchor component={Link} to={adminPaths.project(ready.project.slug)} size="sm">
          ← {ready.project.name}
        </Anchor>
      )}
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} size="h2">
          {page} · {roundName}
        </Title>
        {ready !== null && (
          <>
            <RoundStatusChip status={ready.round.status} />
            <Text size="sm" c="dimmed">
              {kindLabel(ready.round.kind)}
            </Text>
            {(unreadByRound(ready.project).get(ready.round.id) ?? 0) > 0 && (
              <Badge color="orange" variant="filled" tt="none">
                {unreadByRound(ready.project).get(ready.round.id)} unread feedback repl
                {unreadByRound(ready.project).get(ready.round.id) === 1 ? 'y' : 'ies'}
              </Badge>
            )}
          </>
        )}
      </Group>
      <Group gap="md" component="nav" aria-label="This round" mt={4}>
        <Anchor component={Link} to={adminPaths.progress(roundId, slug)} size="sm" aria-current={page === 'Progress' ? 'page' : undefined}>
          Progress
        </Anchor>
        <Anchor component={Link} to={adminPaths.agreement(roundId, slug)} size="sm" aria-current={page === 'Agreement' ? 'page' : undefined}>
          Agreement
        </Anchor>
        <Anchor
          component={Link}
          to={adminPaths.disagreements(roundId, slug)}
          size="sm"
          aria-current={page === 'Disagreements' ? 'page' : undefined}
        >
          Disagreements
        </Anchor>
      </Group>
    </div>
  );
}
