import { Badge } from '@mantine/core';

/** A sentence label as a word with a symbol, so it reads without colour. */
export function LabelBadge({ label }: { label: string | undefined }) {
  if (label === 'consistent') {
    return (
      <Badge color="teal" variant="light" tt="none">
        ✓ Consistent
      </Badge>
    );
  }
  if (label === 'inconsistent') {
    return (
      <Badge color="red" variant="light" tt="none">
        ✗ Inconsistent
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="outline" tt="none">
      {label === undefined ? 'No judgement' : 'No label'}
    </Badge>
  );
}
