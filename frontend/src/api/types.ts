// Response shapes of the Django API. Keep these in step with the serializers in
// `annotations/api/`; each type names the endpoint that returns it.

/** A project role as stored by the server. */
export type Role = 'annotator' | 'admin' | 'reviewer' | 'researcher';

export interface Membership {
  /** The project's slug, stable across renames. */
  project: string;
  project_name: string;
  role: Role;
}

/** `GET /api/me/` — the signed-in person. */
export interface Me {
  username: string;
  display_name: string;
  is_staff: boolean;
  memberships: Membership[];
}
