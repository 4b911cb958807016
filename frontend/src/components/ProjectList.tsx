import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link, useInRouterContext } from 'react-router';

import type { Membership } from '../api/types';
import { adminPaths } from '../admin/paths';
import { groupRolesByProject } from '../roles';

export function ProjectList({ memberships }: { memberships: Membership[] }) {
  const headingId = useId();
  const projects = groupRolesByProject(memberships);
  const administered = new Set(memberships.filter((m) => m.role === 'admin').map((m) => m.project));

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} mb="sm">
        Your projects
      </Title>
      {projects.length === 0 ? (
        <Text>
          You are not a member of any project yet. A project admin can add you to one.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" className="plain-list" aria-labelledby={headingId}>
          {projects.map((project) => (
            <Card component="li" key={project.project} withBorder padding="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Text fw={600}>{project.projectName}</Text>
                <Group gap="xs">
                  <VisuallyHidden>{project.roles.length > 1 ? 'Your roles:' : 'Your role:'}</VisuallyHidden>
                  {project.roles.map((role) => (
                    <Badge key={role} variant="light" size="lg" tt="none">
                      {role}
                    </Badge>
                  ))}
                  {administered.has(project.project) && (
                    <ManageLink slug={project.project} projectName={project.projectName} />
                  )}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );
}

/** The way into the admin screens. Outside a router (some tests) it is a plain link. */
function ManageLink({ slug, projectName }: { slug: string; projectName: string }) {
  const inRouter = useInRouterContext();
  const to = adminPaths.project(slug);
  const label = `Manage ${projectName}`;
  return inRouter ? (
    <Anchor component={Link} to={to} fw={600} aria-label={label}>
      Manage
    </Anchor>
  ) : (
    <Anchor href={to} fw={600} aria-label={label}>
      Manage
    </Anchor>
  );
}
