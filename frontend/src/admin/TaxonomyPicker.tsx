import { Radio, Stack } from '@mantine/core';

import type { TaxonomyChoice } from '../api/types';

interface TaxonomyPickerProps {
  taxonomies: readonly TaxonomyChoice[];
  value: string;
  onChange: (slug: string) => void;
  error: string | undefined;
}

/** The taxonomy's types as one line: "Logical Error (Event Misordering, Missed Detail) · World Knowledge". */
export function typesLine(taxonomy: TaxonomyChoice): string {
  const children = new Map<string, string[]>();
  for (const type of taxonomy.types) {
    if (type.parent !== null) children.set(type.parent, [...(children.get(type.parent) ?? []), type.name]);
  }
  return taxonomy.types
    .filter((type) => type.parent === null)
    .map((type) => {
      const under = children.get(type.code);
      return under === undefined ? type.name : `${type.name} (${under.join(', ')})`;
    })
    .join(' · ');
}

/** The built-in taxonomies, each with its types, to choose the one the project copies. */
export function TaxonomyPicker({ taxonomies, value, onChange, error }: TaxonomyPickerProps) {
  return (
    <Radio.Group
      label="Error taxonomy"
      description="The types linguists tag errors with. The project gets its own copy, which its admins can edit."
      value={value}
      onChange={onChange}
      error={error}
    >
      <Stack gap="sm" mt="xs">
        {taxonomies.map((taxonomy) => (
          <Radio key={taxonomy.slug} value={taxonomy.slug} label={taxonomy.name} description={typesLine(taxonomy)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
