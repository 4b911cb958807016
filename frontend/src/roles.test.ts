import { describe, expect, it } from 'vitest';

import { groupRolesByProject, roleLabel } from './roles';

describe('roleLabel', () => {
  it.each([
    ['annotator', 'Linguist'],
    ['admin', 'Project admin'],
    ['reviewer', 'Reviewer'],
    ['researcher', 'Researcher'],
  ])('calls %s a %s', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });

  it('shows a role it does not know as sent, capitalised', () => {
    expect(roleLabel('auditor')).toBe('Auditor');
  });

  it('does not mistake object properties for roles', () => {
    expect(roleLabel('constructor')).toBe('Constructor');
  });
});

describe('groupRolesByProject', () => {
  it('puts two roles in one project on one row, in server order', () => {
    const grouped = groupRolesByProject([
      { project: 'demo', project_name: 'Demo study', role: 'annotator' },
      { project: 'pilot', project_name: 'Pilot', role: 'admin' },
      { project: 'demo', project_name: 'Demo study', role: 'reviewer' },
    ]);

    expect(grouped).toEqual([
      { project: 'demo', projectName: 'Demo study', roles: ['Linguist', 'Reviewer'] },
      { project: 'pilot', projectName: 'Pilot', roles: ['Project admin'] },
    ]);
  });
});
