import { Center, Loader } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';

import { App } from './App';
import { NotFoundPage } from './NotFoundPage';
import { QueuePage } from './queue/QueuePage';

// The workspace (with the markdown renderer) loads on first use, keeping the landing page light.
const WorkspacePage = lazy(() => import('./workspace/WorkspacePage').then((module) => ({ default: module.WorkspacePage })));

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
        </Route>
        <Route path="app/assignments/:id" element={<WorkspacePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
