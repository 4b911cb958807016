import { Badge } from '@mantine/core';

const CHIPS: Record<string, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  open: { label: 'Open', color: 'green' },
  closed: { label: 'Closed', color: 'dark' },
};

/** A round's status in words and colour (the word carries the meaning; colour only helps). */
export function RoundStatusChip({ status }: { status: string }) {
  const chip = CHIPS[status] ?? { label: status, color: 'gray' };
  return (
    <Badge color={chip.color} variant="light" tt="none">
      {chip.label}
    </Badge>
  );
}
