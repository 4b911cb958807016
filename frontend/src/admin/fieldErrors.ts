import { ApiError } from '../api/client';
import { describeError } from '../useMe';

/** A 400 split into messages per field and one general message. */
export interface FormErrors {
  fields: Record<string, string>;
  general: string | null;
}

/**
 * Reads the contract's 400 shape, `{"detail": "…", "errors": {"field": ["…"]}}`. Nested field
 * errors (`{"units": {"sample": ["…"]}}`) are flattened to `units.sample`; plain DRF bodies
 * (field keys at the top level) are read the same way, in case a view answers like that.
 */
export function formErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiError) || error.status !== 400 || typeof error.body !== 'object' || error.body === null) {
    return { fields: {}, general: describeError(error) };
  }
  const body = error.body as Record<string, unknown>;
  const detail = typeof body.detail === 'string' ? body.detail : null;
  const source =
    typeof body.errors === 'object' && body.errors !== null
      ? (body.errors as Record<string, unknown>)
      : Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'detail'));
  const fields: Record<string, string> = {};
  flatten(source, '', fields);
  const nonField = fields.non_field_errors ?? null;
  delete fields.non_field_errors;
  const general = [detail, nonField].filter((part): part is string => part !== null).join(' ') || null;
  // Without any field message, the detail (or a generic line) must still show somewhere.
  return { fields, general: general ?? (Object.keys(fields).length === 0 ? error.message : null) };
}

function flatten(value: unknown, prefix: string, into: Record<string, string>) {
  if (typeof value === 'string') {
    into[prefix] = value;
  } else if (Array.isArray(value)) {
    const strings = value.filter((item): item is string => typeof item === 'string');
    if (strings.length > 0) into[prefix] = strings.join(' ');
    value.filter((item) => typeof item === 'object' && item !== null).forEach((item) => flatten(item, prefix, into));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix === '' ? key : `${prefix}.${key}`, into);
  }
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
