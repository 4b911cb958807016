import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { Link, useInRouterContext } from 'react-router';

import type { Membership } from '../api/types';
import { adminPaths } from '../admin/paths';
import { RELEASE_ROLES, releasePaths } from '../releases/paths';
import { groupRolesByProject } from '../roles';

interface ProjectListProps {
  memberships: Membership[];
  /** Staff may start a new project (the server checks it again). */
  canCreate?: boolean;
}

export function ProjectList({ memberships, canCreate = false }: ProjectListProps) {
  const headingId = useId();
  const projects = groupRolesByProject(memberships);
  const administered = new Set(memberships.filter((m) => m.role === 'admin').map((m) => m.project));
  const releasing = new Set(memberships.filter((m) => RELEASE_ROLES.has(m.role)).map((m) => m.project));

  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} id={headingId}>
          Your projects
        </Title>
        {canCreate && <ProjectLink to={adminPaths.newProject} text="New project" label="New project" />}
      </Group>
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
                    <ProjectLink to={adminPaths.project(project.project)} text="Manage" label={`Manage ${project.projectName}`} />
                  )}
                  {releasing.has(project.project) && (
                    <ProjectLink
                      to={releasePaths.list(project.project)}
                      text="Releases"
                      label={`Releases of ${project.projectName}`}
                    />
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

/** A way into a project's screens (admin, releases). Outside a router (some tests) it is a plain link. */
function ProjectLink({ to, text, label }: { to: string; text: string; label: string }) {
  const inRouter = useInRouterContext();
  return inRouter ? (
    <Anchor component={Link} to={to} fw={600} aria-label={label}>
      {text}
    </Anchor>
  ) : (
    <Anchor href={to} fw={600} aria-label={label}>
      {text}
    </Anchor>
  );
}
