import type { TaxonomyType, TaxonomyTypeInput } from '../../api/types';

/** A type as the editor holds it: the input fields, plus whether it is published and locked. */
export interface DraftType extends Required<Omit<TaxonomyTypeInput, 'unified'>> {
  /** A unified leaf's code, or "" until one is chosen (the server names the field then). */
  unified: string;
  /** Published already: never removed, only retired; its code is fixed. */
  published: boolean;
  /** Labels use it or a round froze it: reorder or retire only. */
  locked: boolean;
}

export function draftTypes(types: TaxonomyType[], publishedCodes: Set<string>): DraftType[] {
  return types.map((type) => ({
    code: type.code,
    name: type.name,
    definition: type.definition,
    example: type.example,
    group: type.group,
    unified: type.unified,
    retired: type.retired,
    published: publishedCodes.has(type.code),
    locked: type.locked,
  }));
}

/** The body of PUT …/draft/: the input fields only, in order. */
export function draftInput(types: DraftType[]): TaxonomyTypeInput[] {
  return types.map(({ code, name, definition, example, group, unified, retired }) => ({
    code,
    name,
    definition,
    example,
    group,
    unified: unified as TaxonomyTypeInput['unified'],
    retired,
  }));
}

/** `types` with the one at `index` moved by `step` (-1 up, +1 down); unchanged at an end. */
export function moved<T>(types: T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= types.length) return types;
  const next = [...types];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The types a type may be grouped under: top-level ones other than itself, not retired. */
export function groupChoices(types: DraftType[], code: string): DraftType[] {
  return types.filter((type) => type.code !== code && type.group === '' && !type.retired);
}

/** A refusal's field key (`types.2.unified`) as a reader sees it: "Type 3 (wrong-name), unified". */
export function describeField(field: string, types: DraftType[]): string {
  const match = /^types\.(\d+)\.(\w+)$/.exec(field);
  if (match === null) return field;
  const index = Number(match[1]);
  const code = types[index]?.code;
  return `Type ${index + 1}${code ? ` (${code})` : ''}, ${match[2]}`;
}
