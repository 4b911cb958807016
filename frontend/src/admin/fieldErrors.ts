import { ApiError } from '../api/client';
import { describeError } from '../useMe';

/** A refusal split into messages per field and one general message. */
export interface FormErrors {
  fields: Record<string, string>;
  general: string | null;
}

/**
 * Reads a 400's envelope (docs/api/errors.md): its field errors, already keyed by dotted path
 * (`units.sample`), one message per field, and its message as the general line. A 409 that
 * names fields (what the stored data refuses: a round's people or units, a project's slug
 * taken) reads the same way.
 */
export function formErrors(error: unknown): FormErrors {
  const named = error instanceof ApiError && (error.status === 400 || (error.status === 409 && Object.keys(error.envelope?.errors ?? {}).length > 0));
  const envelope = named ? error.envelope : null;
  if (envelope === null) return { fields: {}, general: describeError(error) };
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(envelope.errors)) fields[field] = messages.join(' ');
  const nonField = fields.non_field_errors ?? null;
  delete fields.non_field_errors;
  const general = [envelope.message, nonField].filter((part): part is string => part !== null).join(' ');
  return { fields, general: general === '' ? null : general };
}

/** The message for a field, also looking under its nested keys (`units` finds `units.sample`). */
export function fieldError(errors: FormErrors, ...names: string[]): string | undefined {
  const found: string[] = [];
  for (const name of names) {
    for (const [key, message] of Object.entries(errors.fields)) {
      if ((key === name || key.startsWith(`${name}.`)) && !found.includes(message)) found.push(message);
    }
  }
  return found.length === 0 ? undefined : found.join(' ');
}

export const NO_ERRORS: FormErrors = { fields: {}, general: null };
