// Where the admin screens live. Django serves index.html for every /app/… path.

export const adminPaths = {
  /** Not under /projects/: any slug, "new" too, stays a project's address. */
  newProject: '/app/admin/new-project',
  project: (slug: string) => `/app/admin/projects/${encodeURIComponent(slug)}`,
  taxonomy: (slug: string) => `/app/admin/projects/${encodeURIComponent(slug)}/taxonomy`,
  corpus: (slug: string) => `/app/admin/projects/${encodeURIComponent(slug)}/corpus`,
  judges: (slug: string) => `/app/admin/projects/${encodeURIComponent(slug)}/judges`,
  nativeFormat: '/app/admin/help/native-jsonl',
  circumstantialFormat: '/app/admin/help/circumstantial-csv',
  /** docs/formats/{doc}.md as a page of the app (bundled, so it works offline). */
  formatDoc: (doc: string): string =>
    doc === 'native-jsonl'
      ? '/app/admin/help/native-jsonl'
      : doc === 'circumstantial'
        ? '/app/admin/help/circumstantial-csv'
        : `/app/admin/help/formats/${encodeURIComponent(doc)}`,
  progress: (roundId: number, slug?: string) => withProject(`/app/admin/rounds/${roundId}/progress`, slug),
  agreement: (roundId: number, slug?: string) => withProject(`/app/admin/rounds/${roundId}/agreement`, slug),
  disagreements: (roundId: number, slug?: string) => withProject(`/app/admin/rounds/${roundId}/disagreements`, slug),
  disagreement: (roundId: number, topicId: number, slug?: string) =>
    withProject(`/app/admin/rounds/${roundId}/disagreements/${topicId}`, slug),
};

/**
 * Round endpoints do not name their project, so links from the project page carry it as
 * `?project=` (a hint; without it the page looks the round up among the admin's projects).
 */
function withProject(path: string, slug: string | undefined): string {
  return slug === undefined ? path : `${path}?project=${encodeURIComponent(slug)}`;
}

/** A positive integer route parameter, or null. */
export function parseId(raw: string | undefined): number | null {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}
