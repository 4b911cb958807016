import { Badge } from '@mantine/core';

const CHIPS: Record<string, { label: string; color: string }> = {
  building: { label: 'Building', color: 'blue' },
  published: { label: 'Published', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

/** A release's status in words and colour (the word carries the meaning; colour only helps). */
export function ReleaseStatusChip({ status }: { status: string }) {
  const chip = CHIPS[status] ?? { label: status, color: 'gray' };
  return (
    <Badge color={chip.color} variant="light" tt="none">
      {chip.label}
    </Badge>
  );
}
