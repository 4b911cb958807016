// Where the researcher's screens live. Django serves index.html for every /app/… path.

export const releasePaths = {
  list: (slug: string) => `/app/projects/${encodeURIComponent(slug)}/releases`,
};

/** The roles that may see a project's releases (anyone else gets 404 from the API). */
export const RELEASE_ROLES: ReadonlySet<string> = new Set(['researcher', 'admin']);
