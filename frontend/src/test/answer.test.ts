import { afterEach, describe, expect, it, vi } from 'vitest';

import { answer } from './answer';
import { fakeServer } from './fakeServer';

afterEach(() => vi.unstubAllGlobals());

const ME = { username: 'linguist1', display_name: '', is_staff: false, is_superuser: false, can_create_projects: false, memberships: [] };
const NO_UNITS = { count: 0, page: 1, pages: 1, page_size: 50, units: [] };

describe("the fake server's typed answers", () => {
  it('answers a request with the answer built for its route', async () => {
    fakeServer({ 'GET /api/me/': () => answer('GET /api/me/', 200, ME) });

    const response = await fetch('/api/me/');

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(ME);
  });

  it("fails a request answered with another route's answer", async () => {
    fakeServer({
      'GET /api/assignments/': () => answer('GET /api/me/', 200, ME),
      'POST /api/admin/projects/demo/units/': () => answer('GET /api/admin/projects/{slug}/units/', 200, NO_UNITS),
    });

    await expect(fetch('/api/assignments/')).rejects.toThrow('answered GET /api/assignments/ with an answer for GET /api/me/');
    await expect(fetch('/api/admin/projects/demo/units/', { method: 'POST' })).rejects.toThrow(/answer for GET \/api\/admin\/projects\/\{slug\}\/units\//);
  });

  it('fills a template parameter with one path segment, and ignores the query', async () => {
    fakeServer({
      'GET /api/admin/projects/demo/units/?q=river&page=1': () => answer('GET /api/admin/projects/{slug}/units/', 200, NO_UNITS),
      'GET /api/admin/projects/demo/extra/units/': () => answer('GET /api/admin/projects/{slug}/units/', 200, NO_UNITS),
    });

    expect((await fetch('/api/admin/projects/demo/units/?q=river&page=1')).status).toBe(200);
    await expect(fetch('/api/admin/projects/demo/extra/units/')).rejects.toThrow(/with an answer for/);
  });
});
