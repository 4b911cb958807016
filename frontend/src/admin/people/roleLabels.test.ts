import { describe, expect, it } from 'vitest';

import type { PeopleChange } from '../../api/types';
import { describeChange } from './roleLabels';

function change(over: Partial<PeopleChange>): PeopleChange {
  return {
    id: 1,
    at: '2026-11-27T10:00:00Z',
    action: 'remove',
    actor: 'ada',
    subject: 'lena',
    invitation: null,
    before: { roles: ['annotator'], paused: false },
    after: null,
    ...over,
  };
}

describe('a people change in words', () => {
  it('says how many unstarted assignments a removal released', () => {
    expect(describeChange(change({ after: { roles: [], paused: false, released_assignments: 2 } }))).toBe(
      'ada removed lena (2 unstarted assignments released)',
    );
    expect(describeChange(change({ after: { roles: [], paused: false, released_assignments: 1 } }))).toBe(
      'ada removed lena (1 unstarted assignment released)',
    );
    expect(describeChange(change({ after: { roles: [], paused: false, released_assignments: 0 } }))).toBe('ada removed lena');
    expect(describeChange(change({}))).toBe('ada removed lena');
  });
});
