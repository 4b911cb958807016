// Field readers shared by the item screen's kinds (review.ts, secondReview.ts, typing.ts):
// each takes a value from a stored change or a server state only when it has the right type.

/** Error type ids, as a set in id order (the server sends and compares them so). */
export function typeIdsOf(value: unknown): number[] | null {
  return Array.isArray(value) && value.every((id) => Number.isInteger(id)) ? [...(value as number[])].sort((a, b) => a - b) : null;
}

/** One of `choices`, or null for anything else. */
export function choiceOf<C extends string>(value: unknown, choices: readonly C[]): C | null {
  return typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as C) : null;
}

/** A note: blank until written; a note of spaces says nothing (the server strips it to test). */
export function hasText(note: string): boolean {
  return note.trim() !== '';
}

/** The PATCH route of an item kind: `/api/assignments/{id}/{route}/{sentence handle}/`. */
export function itemUrl(route: string) {
  return (assignmentId: number, target: string | null): string => `/api/assignments/${assignmentId}/${route}/${target ?? ''}/`;
}
