import { Card, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface AdminSectionProps {
  title: string;
  /** Renders the body; gets the heading's id so tables and forms can be named by it. */
  children: (headingId: string) => ReactNode;
}

/** A titled card; the section is a landmark named by its heading. */
export function AdminSection({ title, children }: AdminSectionProps) {
  const headingId = useId();
  return (
    <Card component="section" withBorder padding="lg" aria-labelledby={headingId}>
      <Title order={2} id={headingId} size="h3" mb="md">
        {title}
      </Title>
      {children(headingId)}
    </Card>
  );
}
