import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

import { Providers } from '../Providers';
import { anyRoute, type Answer } from './answer';

function TestProviders({ children }: { children: ReactNode }) {
  return <Providers env="test">{children}</Providers>;
}

/** Renders inside the same providers as the real app (in Mantine's test mode). */
export function renderWithProviders(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: TestProviders, ...options });
}

/** A fetch Response carrying JSON, as Django REST framework sends it. Untyped: a stub of the
 * server answers with `answer` (test/answer.ts), typed by the schema; this is for the client's
 * own tests, which answer no particular route. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An API error's envelope (docs/api/errors.md) from a message and optional field errors/extras. */
export function envelope(
  status: number,
  { message, errors = {}, code = 'error', ...extra }: { message: string; errors?: Record<string, string[]>; code?: string; [key: string]: unknown },
): Record<string, unknown> {
  return { status, code, message, errors, ...extra };
}

/** A fetch Response carrying an API error's envelope (any route may answer one). */
export function errorResponse(
  status: number,
  body: { message: string; errors?: Record<string, string[]>; code?: string; [key: string]: unknown },
): Answer {
  return anyRoute(jsonResponse(envelope(status, body), status));
}
