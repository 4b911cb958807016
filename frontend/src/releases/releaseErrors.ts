import { ApiError } from '../api/client';
import type { FormErrors } from '../admin/fieldErrors';

/**
 * The unlabelled units of a refused release (the envelope's `missing`): strings are shown as
 * sent and objects as "key: value" pairs.
 */
export function missingUnits(error: unknown): string[] {
  const envelope = error instanceof ApiError && error.status === 400 ? error.envelope : null;
  const list = envelope !== null && Array.isArray(envelope.missing) ? (envelope.missing as unknown[]) : [];
  return list.map(describeUnit);
}

function describeUnit(unit: unknown): string {
  if (typeof unit === 'string') return unit;
  if (typeof unit === 'number') return String(unit);
  if (typeof unit === 'object' && unit !== null) {
    return Object.entries(unit)
      .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
      .join(' · ');
  }
  return JSON.stringify(unit);
}

export const isUnder = (key: string, name: string) => key === name || key.startsWith(`${name}.`);

/** The messages of the fields whose key passes `keep`, joined; undefined when none. */
export function messagesWhere(errors: FormErrors, keep: (key: string) => boolean): string | undefined {
  const found = [...new Set(Object.entries(errors.fields).filter(([key]) => keep(key)).map(([, message]) => message))];
  return found.length === 0 ? undefined : found.join(' ');
}

/**
 * Adds to the general message the field errors the form has no place for (nothing the server
 * says is lost); `missing` is left out because the form lists those units on their own.
 */
export function withUnplacedErrors(errors: FormErrors, placed: readonly string[]): FormErrors {
  const extra = Object.entries(errors.fields)
    .filter(([key]) => !isUnder(key, 'missing') && !placed.some((name) => isUnder(key, name)))
    .map(([key, message]) => `${key}: ${message}`);
  if (extra.length === 0) return errors;
  return { ...errors, general: [errors.general, ...extra].filter((part) => part !== null).join(' ') };
}
