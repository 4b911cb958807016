import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="sm" align="flex-start">
        <Title order={1}>Page not found</Title>
        <Text>There is nothing at this address.</Text>
        <Anchor component={Link} to="/">
          Go to your queue
        </Anchor>
      </Stack>
    </Container>
  );
}
