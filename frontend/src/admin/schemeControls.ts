import type { SchemeSwitch } from '../api/types';

/** A question asked or not, as the server stores it: scheme key → on. */
export type SchemeValues = Record<string, boolean>;

/** Off, asked but optional, or asked and required: how a question with a `require_` switch reads. */
export type Level = 'off' | 'optional' | 'required';

/**
 * What the form shows for the scheme: a plain switch, or a question with levels (error spans,
 * evidence), which joins the switch `X` with the switch `require_X` that needs it.
 */
export type SchemeControl =
  | { kind: 'switch'; question: SchemeSwitch }
  | { kind: 'level'; question: SchemeSwitch; require: SchemeSwitch };

/** The server's switches as controls, in the server's order (a `require_` switch joins its question). */
export function schemeControls(switches: readonly SchemeSwitch[]): SchemeControl[] {
  const requires = new Map(
    switches.filter((s) => s.needs !== null && s.key === `require_${s.needs}`).map((s) => [s.needs as string, s]),
  );
  const joined = new Set([...requires.values()].map((s) => s.key));
  return switches
    .filter((s) => !joined.has(s.key))
    .map((question) => {
      const require = requires.get(question.key);
      return require === undefined ? { kind: 'switch', question } : { kind: 'level', question, require };
    });
}

export function defaultScheme(switches: readonly SchemeSwitch[]): SchemeValues {
  return Object.fromEntries(switches.map((s) => [s.key, s.default]));
}

export function levelOf(scheme: SchemeValues, control: Extract<SchemeControl, { kind: 'level' }>): Level {
  if (scheme[control.question.key] !== true) return 'off';
  return scheme[control.require.key] === true ? 'required' : 'optional';
}

/**
 * `scheme` with `key` switched to `on`. Switching a question off switches off whatever needs it
 * (evidence needs error spans), so the form never sends what the server refuses.
 */
export function withSwitch(scheme: SchemeValues, switches: readonly SchemeSwitch[], key: string, on: boolean): SchemeValues {
  const next = { ...scheme, [key]: on };
  if (on) return next;
  for (const dependent of switches.filter((s) => s.needs === key)) {
    if (next[dependent.key] === true) Object.assign(next, withSwitch(next, switches, dependent.key, false));
  }
  return next;
}

export function withLevel(
  scheme: SchemeValues,
  switches: readonly SchemeSwitch[],
  control: Extract<SchemeControl, { kind: 'level' }>,
  level: Level,
): SchemeValues {
  const asked = withSwitch(scheme, switches, control.question.key, level !== 'off');
  return withSwitch(asked, switches, control.require.key, level === 'required');
}

/** The switch that must be on before `question` can be (null when nothing blocks it). */
export function blockedBy(scheme: SchemeValues, switches: readonly SchemeSwitch[], question: SchemeSwitch): SchemeSwitch | null {
  if (question.needs === null || scheme[question.needs] === true) return null;
  return switches.find((s) => s.key === question.needs) ?? null;
}
