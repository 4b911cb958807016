import type { NewProjectBody } from '../api/types';
import type { SchemeValues } from './schemeControls';

/** What the new-project form holds. */
export interface NewProjectValues {
  name: string;
  slug: string;
  /** Whether the slug was typed; until then it follows the name. */
  slugEdited: boolean;
  taxonomy: string;
  scheme: SchemeValues;
}

// The server's rule (annotations/services/projects.py); it also caps the length and says so.
const SLUG = /^[a-z0-9][a-z0-9_-]*$/;
const SLUG_ROOM = 80;

/** A slug suggested by a project's name: "Pilot: Café talks" → "pilot-cafe-talks". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_ROOM)
    .replace(/-+$/, '');
}

/** Checks what the browser can check and builds the POST body; errors use the server's field keys. */
export function buildNewProjectBody(values: NewProjectValues): { body: NewProjectBody } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const name = values.name.trim();
  const slug = values.slug.trim();
  if (name === '') errors.name = 'Give the project a name.';
  if (slug === '') errors.slug = 'Give the project a slug: it names the project in addresses and exports.';
  else if (!SLUG.test(slug)) errors.slug = 'Use lowercase letters, digits, - and _, starting with a letter or digit.';
  if (values.taxonomy === '') errors.taxonomy = 'Choose a taxonomy.';
  if (Object.keys(errors).length > 0) return { errors };
  // The choices come from GET /api/admin/project-options/, the same built-in taxonomies the
  // schema enumerates; the server names the allowed ones if a stale page sends another.
  const taxonomy = values.taxonomy as NonNullable<NewProjectBody['taxonomy']>;
  return { body: { slug, name, taxonomy, scheme: { ...values.scheme } } };
}
