import { Badge } from '@mantine/core';

/** Met / not met against the project's target, in words (colour only repeats them). */
export function TargetBadge({ target, met }: { target: number | null; met: boolean | null }) {
  if (target === null) {
    return (
      <Badge color="gray" variant="outline" tt="none">
        No target
      </Badge>
    );
  }
  if (met === null) {
    return (
      <Badge color="gray" variant="light" tt="none">
        Target not assessed
      </Badge>
    );
  }
  return (
    <Badge color={met ? 'teal' : 'orange'} variant="filled" tt="none">
      {met ? 'Target met' : 'Target not met'}
    </Badge>
  );
}
