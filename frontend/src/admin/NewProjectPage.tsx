import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';

import { getProjectOptions } from '../api/client';
import { AdminSection } from './AdminSection';
import { LoadStatus } from './LoadStatus';
import { NewProjectForm } from './NewProjectForm';
import { adminPaths } from './paths';
import { useLoad } from './useLoad';

/** `/app/admin/new-project` — staff create a project, then land on its page as its admin. */
export function NewProjectPage() {
  const navigate = useNavigate();
  const { state, reload } = useLoad('project-options', (signal) => getProjectOptions(signal));

  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed">
          Project administration
        </Text>
        <Title order={1} size="h2">
          New project
        </Title>
      </div>
      {state.status !== 'ready' ? (
        <LoadStatus state={state} what="the taxonomies and questions" onRetry={reload} />
      ) : (
        <AdminSection title="Study setup">
          {() => <NewProjectForm options={state.data} onCreated={(project) => void navigate(adminPaths.project(project.slug))} />}
        </AdminSection>
      )}
    </Stack>
  );
}
