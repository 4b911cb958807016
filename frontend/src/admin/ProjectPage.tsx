import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useOutletContext, useParams } from 'react-router';

import { getAdminProject } from '../api/client';
import type { AdminProject, AdminRound, GuidelineVersion } from '../api/types';
import type { AdminOutletContext } from './AdminLayout';
import { AdminSection } from './AdminSection';
import { GuidelineDiffView } from './GuidelineDiffView';
import { GuidelineEditor } from './GuidelineEditor';
import { GuidelineVersions } from './GuidelineVersions';
import { CorpusRunsSection } from './CorpusRuns';
import { ImportCorpus } from './ImportCorpus';
import { adminPaths } from './paths';
import { LoadStatus } from './LoadStatus';
import { NewRoundForm } from './NewRoundForm';
import { PeopleSection } from './people/PeopleSection';
import { ProjectOverview } from './ProjectOverview';
import { RoundsTable } from './RoundsTable';
import { TargetsEditor } from './TargetsEditor';
import { UnreadReplies } from './UnreadReplies';
import { useLoad } from './useLoad';
import { WebhooksSection } from './webhooks/WebhooksSection';

/** `/app/admin/projects/:slug` — everything a project admin sets up, on one page. */
export function ProjectPage() {
  const slug = useParams().slug ?? '';
  const { state, reload, refresh, setData } = useLoad(slug, (signal) => getAdminProject(slug, signal));
  // Absent when the page is drawn outside the admin frame (never in the app).
  const context = useOutletContext<AdminOutletContext | undefined>();

  if (state.status === 'error' && state.notFound && context?.me.is_superuser) {
    // Once they make themselves its admin, the background refresh brings the whole page.
    return <SuperuserPeoplePage slug={slug} onMembersChanged={() => void refresh()} />;
  }
  if (state.status !== 'ready') {
    return <LoadStatus state={state} what="the project" onRetry={reload} />;
  }
  const project = state.data;

  // The server's answers to these actions are applied in place; no refetch needed.
  const replaceRound = (round: AdminRound) =>
    setData((current) => ({ ...current, rounds: current.rounds.map((r) => (r.id === round.id ? round : r)) }));
  const addRound = (round: AdminRound) => setData((current) => ({ ...current, rounds: [...current.rounds, round] }));
  const addGuideline = (version: GuidelineVersion) =>
    setData((current): AdminProject => {
      const { markdown: _markdown, ...summary } = version;
      return { ...current, guidelines: [...current.guidelines.filter((g) => g.version !== version.version), summary] };
    });
  const latest = project.guidelines.length === 0 ? null : Math.max(...project.guidelines.map((g) => g.version));

  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed">
          Project administration
        </Text>
        <Title order={1} size="h2">
          {project.name}
        </Title>
      </div>
      {project.paused.map((paused) => (
        <Alert key={paused.username} color="orange" title={`${paused.username} is paused`} role="alert">
          Their accuracy on gold units fell below a round's threshold: their work not yet started waits. Resume them
          under People.
        </Alert>
      ))}
      <UnreadReplies project={project} />
      <AdminSection title="Overview">{() => <ProjectOverview project={project} />}</AdminSection>
      <AdminSection title="People">
        {() => <PeopleSection slug={project.slug} onMembersChanged={() => void refresh()} />}
      </AdminSection>
      <AdminSection title="Rounds">
        {(headingId) => (
          <Stack gap="sm">
            <RoundsTable rounds={project.rounds} slug={project.slug} onRoundChanged={replaceRound} labelledBy={headingId} />
            <Anchor component={Link} to={`/app/admin/projects/${project.slug}/adjudication`}>
              Adjudicate disputes and disagreements
            </Anchor>
            <Anchor component={Link} to={adminPaths.taxonomy(project.slug)}>
              Edit the error taxonomy
            </Anchor>
            <Anchor component={Link} to={adminPaths.judges(project.slug)}>
              Judges: how each model run agrees with the experts
            </Anchor>
          </Stack>
        )}
      </AdminSection>
      <AdminSection title="New round">
        {/* Keyed by the latest guideline version: a new project's form, drawn before its first
            version, would otherwise keep "no version" chosen while showing v1. */}
        {() => <NewRoundForm key={latest ?? 0} project={project} onCreated={addRound} />}
      </AdminSection>
      <AdminSection title="Agreement targets">
        {() => (
          <TargetsEditor
            slug={project.slug}
            targets={project.targets}
            asks={{
              error_spans: project.scheme.error_spans === true,
              evidence: project.scheme.evidence === true,
              completeness: project.scheme.completeness === true,
              atomic_facts: project.scheme.atomic_facts === true,
            }}
            onSaved={(targets) => setData((current) => ({ ...current, targets }))}
          />
        )}
      </AdminSection>
      <AdminSection title="Guidelines">
        {(headingId) => (
          <Stack gap="xl">
            <GuidelineVersions versions={project.guidelines} labelledBy={headingId} />
            <div>
              <Title order={3} size="h4" mb="sm">
                Write a new version
              </Title>
              <GuidelineEditor slug={project.slug} latest={latest} onPublished={addGuideline} />
            </div>
            <div>
              <Title order={3} size="h4" mb="sm">
                Compare versions
              </Title>
              <GuidelineDiffView key={latest ?? 0} slug={project.slug} versions={project.guidelines} />
            </div>
          </Stack>
        )}
      </AdminSection>
      <AdminSection title="Webhooks">{() => <WebhooksSection slug={project.slug} />}</AdminSection>
      <AdminSection title="Import a corpus">{() => <ImportCorpus slug={project.slug} onImported={() => void refresh()} />}</AdminSection>
      <AdminSection title="Evaluator runs on the corpus">
        {(headingId) => <CorpusRunsSection slug={project.slug} labelledBy={headingId} />}
      </AdminSection>
    </Stack>
  );
}

/** A site superuser who is not the project's admin: the rest of the page is its admins', but
 * its people are the superuser's to manage (how a project left without an admin gets one). */
function SuperuserPeoplePage({ slug, onMembersChanged }: { slug: string; onMembersChanged: () => void }) {
  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed">
          Project administration
        </Text>
        <Title order={1} size="h2">
          People of project {slug}
        </Title>
      </div>
      <Alert color="blue" title="You are not an admin of this project">
        As a site superuser you can manage its people here. Its rounds, guidelines and imports are for its project
        admins: give yourself the Project admin role to run it.
      </Alert>
      <AdminSection title="People">{() => <PeopleSection slug={slug} onMembersChanged={onMembersChanged} />}</AdminSection>
    </Stack>
  );
}
