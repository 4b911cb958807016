import { Group, Pagination, Text } from '@mantine/core';

import type { PageFields } from '../api/types';

interface PageControlsProps {
  /** The paging fields of the answer (docs/api/admin.md, "Pages"). */
  page: PageFields;
  /** What the rows are, plural ("units", "releases"): names the controls for screen readers. */
  what: string;
  onChange: (page: number) => void;
}

const CONTROL_WORDS = { first: 'First', previous: 'Previous', next: 'Next', last: 'Last' } as const;

/** The pages of a long list: numbered pages with previous and next, each named ("Page 3 of
 * units"), and which rows are shown. Nothing when one page holds every row. */
export function PageControls({ page, what, onChange }: PageControlsProps) {
  if (page.pages <= 1) return null;
  const first = (page.page - 1) * page.page_size + 1;
  const last = Math.min(page.count, page.page * page.page_size);
  return (
    <Group component="nav" aria-label={`Pages of ${what}`} gap="sm">
      <Pagination
        total={page.pages}
        value={page.page}
        onChange={onChange}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${CONTROL_WORDS[control]} page of ${what}` })}
        getItemProps={(number) => ({ 'aria-label': `Page ${number} of ${what}` })}
      />
      <Text size="sm" c="dimmed">
        {first}–{last} of {page.count}
      </Text>
    </Group>
  );
}
