import type { Role } from './api/types';

const ROLE_LABELS: Record<Role, string> = {
  annotator: 'Linguist',
  admin: 'Project admin',
  reviewer: 'Reviewer',
  researcher: 'Researcher',
};

/** Whether the person holds `role` in any project (the header links a reviewer's queue). */
export function hasRole(memberships: ReadonlyArray<{ role: string }>, role: Role): boolean {
  return memberships.some((membership) => membership.role === role);
}

/** The word a person sees for a project role. Unknown roles are shown as sent, capitalised. */
export function roleLabel(role: string): string {
  if (Object.hasOwn(ROLE_LABELS, role)) return ROLE_LABELS[role as Role];
  return role === '' ? 'Unknown role' : role.charAt(0).toUpperCase() + role.slice(1);
}

export interface ProjectRoles {
  project: string;
  projectName: string;
  roles: string[];
}

/** Groups memberships by project, keeping server order, so a person with two roles sees one row. */
export function groupRolesByProject(
  memberships: ReadonlyArray<{ project: string; project_name: string; role: string }>,
): ProjectRoles[] {
  const byProject = new Map<string, ProjectRoles>();
  for (const membership of memberships) {
    let entry = byProject.get(membership.project);
    if (entry === undefined) {
      entry = { project: membership.project, projectName: membership.project_name, roles: [] };
      byProject.set(membership.project, entry);
    }
    const label = roleLabel(membership.role);
    if (!entry.roles.includes(label)) entry.roles.push(label);
  }
  return [...byProject.values()];
}
