import { Badge } from '@mantine/core';

import type { AssignmentStatus } from '../api/types';

const CHIPS: Record<AssignmentStatus, { label: string; color: string }> = {
  assigned: { label: 'Not started', color: 'gray' },
  in_progress: { label: 'In progress', color: 'indigo' },
  submitted: { label: 'Submitted', color: 'teal' },
};

export function StatusChip({ status }: { status: AssignmentStatus }) {
  const chip = CHIPS[status] ?? { label: status, color: 'gray' };
  return (
    <Badge color={chip.color} variant="light" tt="none">
      {chip.label}
    </Badge>
  );
}
