import { Center, Loader } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';

import { App } from './App';
import { NotFoundPage } from './NotFoundPage';
import { QueuePage } from './queue/QueuePage';
// The reviewer queue is part of the landing page (QueuePage lists it for reviewers), so it is
// in the first bundle already.
import { ReviewQueuePage } from './review/ReviewQueuePage';

// The workspace (with the markdown renderer) loads on first use, keeping the landing page light.
// The item screen of review and error-typing rounds, likewise on first use.
const ItemsPage = lazy(() => import('./review/ItemsPage').then((module) => ({ default: module.ItemsPage })));
const WorkspacePage = lazy(() => import('./workspace/WorkspacePage').then((module) => ({ default: module.WorkspacePage })));
// The admin screens are for few people; each loads on first use (the agreement page brings the charts).
const AdminLayout = lazy(() => import('./admin/AdminLayout').then((module) => ({ default: module.AdminLayout })));
const ProjectPage = lazy(() => import('./admin/ProjectPage').then((module) => ({ default: module.ProjectPage })));
const NewProjectPage = lazy(() => import('./admin/NewProjectPage').then((module) => ({ default: module.NewProjectPage })));
const RoundProgressPage = lazy(() =>
  import('./admin/RoundProgressPage').then((module) => ({ default: module.RoundProgressPage })),
);
const AgreementPage = lazy(() => import('./admin/AgreementPage').then((module) => ({ default: module.AgreementPage })));
const DisagreementsPage = lazy(() =>
  import('./admin/DisagreementsPage').then((module) => ({ default: module.DisagreementsPage })),
);
const DisagreementUnitPage = lazy(() =>
  import('./admin/DisagreementUnitPage').then((module) => ({ default: module.DisagreementUnitPage })),
);
const RoundGuard = lazy(() => import('./admin/RoundGuard').then((module) => ({ default: module.RoundGuard })));
const AdjudicationQueuePage = lazy(() =>
  import('./admin/adjudication/AdjudicationQueuePage').then((module) => ({ default: module.AdjudicationQueuePage })),
);
const AdjudicationUnitPage = lazy(() =>
  import('./admin/adjudication/AdjudicationUnitPage').then((module) => ({ default: module.AdjudicationUnitPage })),
);
const TaxonomyPage = lazy(() => import('./admin/taxonomy/TaxonomyPage').then((module) => ({ default: module.TaxonomyPage })));
const CorpusPage = lazy(() => import('./admin/CorpusPage').then((module) => ({ default: module.CorpusPage })));
const JudgesPage = lazy(() => import('./admin/judges/JudgesPage').then((module) => ({ default: module.JudgesPage })));
const FormatDocPage = lazy(() => import('./admin/FormatDocPage').then((module) => ({ default: module.FormatDocPage })));
// The researcher's releases, likewise on first use (it brings the Markdown renderer for dataset cards).
// A user's API tokens: few people, on first use.
const TokensPage = lazy(() => import('./account/TokensPage').then((module) => ({ default: module.TokensPage })));
// Site staff's list of who may create projects: few people, on first use.
const ProjectCreatorsPage = lazy(() =>
  import('./staff/ProjectCreatorsPage').then((module) => ({ default: module.ProjectCreatorsPage })),
);
const ReleasesPage = lazy(() => import('./releases/ReleasesPage').then((module) => ({ default: module.ReleasesPage })));

function Loading() {
  return (
    <Center py="xl" role="status" aria-label="Loading">
      <Loader aria-hidden="true" />
    </Center>
  );
}

/**
 * Client-side routes. Django serves index.html for `/` and every path under `/app/`, so
 * every route the app links to lives there.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route element={<App />}>
          <Route index element={<QueuePage />} />
          <Route path="app/queue" element={<QueuePage />} />
          <Route path="app/reviews" element={<ReviewQueuePage />} />
          <Route path="app/tokens" element={<TokensPage />} />
          <Route path="app/staff/project-creators" element={<ProjectCreatorsPage />} />
        </Route>
        <Route path="app/assignments/:id" element={<WorkspacePage />} />
        <Route path="app/assignments/:id/items" element={<ItemsPage />} />
        <Route path="app/admin" element={<AdminLayout />}>
          <Route path="new-project" element={<NewProjectPage />} />
          <Route path="projects/:slug" element={<ProjectPage />} />
          <Route path="projects/:slug/corpus" element={<CorpusPage />} />
          <Route path="projects/:slug/judges" element={<JudgesPage />} />
          <Route path="projects/:slug/taxonomy" element={<TaxonomyPage />} />
          <Route path="projects/:slug/adjudication" element={<AdjudicationQueuePage />} />
          <Route path="adjudication/:assignmentId" element={<AdjudicationUnitPage />} />
          <Route path="help/native-jsonl" element={<FormatDocPage />} />
          <Route path="help/circumstantial-csv" element={<FormatDocPage format="circumstantial" />} />
          <Route path="help/formats/:doc" element={<FormatDocPage />} />
          {/* One lookup of the round for all its pages: a missing round is "Not found". */}
          <Route path="rounds/:id" element={<RoundGuard />}>
            <Route path="progress" element={<RoundProgressPage />} />
            <Route path="agreement" element={<AgreementPage />} />
            <Route path="disagreements" element={<DisagreementsPage />} />
            <Route path="disagreements/:topicId" element={<DisagreementUnitPage />} />
            <Route path="*" element={<NotFoundPage inFrame />} />
          </Route>
          <Route path="*" element={<NotFoundPage inFrame />} />
        </Route>
        {/* Same frame as the admin screens: header, back link, sign-in redirect. */}
        <Route path="app/projects/:slug" element={<AdminLayout />}>
          <Route path="releases" element={<ReleasesPage />} />
          <Route path="*" element={<NotFoundPage inFrame />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
