import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';

import { Providers } from '../Providers';

/** Renders inside the same providers as the real app. */
export function renderWithProviders(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Providers, ...options });
}

/** A fetch Response carrying JSON, as Django REST framework sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
