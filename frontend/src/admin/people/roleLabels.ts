import type { PeopleChange, ProjectRole } from '../../api/types';

/** The roles in the order the People section shows them, with the words people read. */
export const ROLES: readonly { value: ProjectRole; label: string }[] = [
  { value: 'annotator', label: 'Annotator (linguist)' },
  { value: 'reviewer', label: 'Reviewer' },
  { value: 'researcher', label: 'Researcher' },
  { value: 'admin', label: 'Project admin' },
];

export function roleLabel(role: string): string {
  return ROLES.find((r) => r.value === role)?.label ?? role;
}

const ACTIONS: Record<PeopleChange['action'], string> = {
  add: 'added',
  roles: 'changed the roles of',
  pause: 'paused',
  resume: 'resumed',
  remove: 'removed',
  invite: 'invited',
  revoke: 'revoked the invitation of',
  accept: 'accepted an invitation:',
  reassign: 'reassigned',
};

/** One audit row as a sentence: "ada added rita as Reviewer". */
export function describeChange(change: PeopleChange): string {
  const who = change.subject === '' ? 'someone' : change.subject;
  const roles = (change.after?.roles ?? []).map(roleLabel).join(', ');
  if (change.action === 'accept') return `${change.actor} joined by invitation as ${roles}`;
  if (change.action === 'reassign') {
    const count = change.after?.assignments ?? 0;
    const units = `${count} unit${count === 1 ? '' : 's'} of “${change.after?.round ?? ''}”`;
    return change.after?.automatic
      ? `${units} went to other linguists by themselves, to keep the overlap`
      : `${change.actor || 'someone'} gave ${units} to other linguists, to keep the overlap`;
  }
  const tail =
    change.action === 'add' || change.action === 'invite'
      ? ` as ${roles}`
      : change.action === 'roles'
        ? `: ${(change.before?.roles ?? []).map(roleLabel).join(', ')} → ${roles}`
        : change.action === 'remove' && (change.after?.released_assignments ?? 0) > 0
          ? ` (${change.after?.released_assignments} unstarted assignment${change.after?.released_assignments === 1 ? '' : 's'} released)`
          : '';
  return `${change.actor || 'someone'} ${ACTIONS[change.action]} ${who}${tail}`;
}
