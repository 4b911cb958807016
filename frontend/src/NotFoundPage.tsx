import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface NotFoundPageProps {
  /** What was not found, in words ("Round 9999"); "Page" by default. */
  what?: string;
  /** Why, when the page knows more than "nothing is at this address". */
  children?: ReactNode;
  /** Inside a frame that already has the page's <main> (the admin screens). */
  inFrame?: boolean;
}

export function NotFoundPage({ what = 'Page', children, inFrame = false }: NotFoundPageProps) {
  const body = (
    <Stack gap="sm" align="flex-start">
      <Title order={1}>{what} not found</Title>
      {children ?? <Text>There is nothing at this address.</Text>}
      <Anchor component={Link} to="/">
        Go to your queue
      </Anchor>
    </Stack>
  );
  if (inFrame) return body;
  return (
    <Container size="sm" py="xl" component="main">
      {body}
    </Container>
  );
}
