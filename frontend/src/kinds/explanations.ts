// A linguist's verdicts on the evaluators' explanations of one item of an explanation round
// (docs/evaluation.md, "Explanation meta-annotation"; the server's annotations/kinds/
// explanations.py): each explanation, named by its handle and never by its evaluator, judged
// against the human explanation(s). A save sends the item's whole list, numbered in the order
// the payload gives (randomised per linguist on the server).

import type { Handle } from '../api/types';
import type { ItemsPayload } from '../review/types';
import type { components } from '../api/schema';
import { itemUrl } from './itemFields';
import type { Fields, Kind } from './kind';

/** A verdict; '' until the linguist gives one. */
export type ExplanationVerdict = components['schemas']['ExplanationVerdictEnum'];

export interface ExplanationRow {
  position: number;
  /** The explanation's handle in this assignment. */
  item: Handle;
  verdict: ExplanationVerdict;
}

export interface ExplanationsAnswer {
  explanations: ExplanationRow[];
}

const VERDICTS: readonly string[] = ['same', 'partially', 'different', 'model_wrong', ''];
/** As the server's input (annotations/api/save_inputs.py). */
const MAX_EXPLANATIONS = 50;
const EMPTY: ExplanationsAnswer = { explanations: [] };

function rowOf(value: unknown, index: number): ExplanationRow | null {
  if (typeof value !== 'object' || value === null) return null;
  const { position, item, verdict } = value as Record<string, unknown>;
  if (position !== index + 1 || typeof item !== 'string' || item === '') return null;
  if (typeof verdict !== 'string' || !VERDICTS.includes(verdict)) return null;
  return { position, item, verdict: verdict as ExplanationVerdict };
}

/** A whole list from a stored change or a server state, or null when anything in it is not a
 * verdict row numbered in order. */
export function explanationRowsOf(value: unknown): ExplanationRow[] | null {
  if (!Array.isArray(value) || value.length > MAX_EXPLANATIONS) return null;
  const rows = value.map(rowOf);
  return rows.every((row) => row !== null) ? (rows as ExplanationRow[]) : null;
}

/**
 * The list to save when the explanation at `position` (1-based, in the payload's order) gets
 * `verdict`: every explanation of the item, each keeping the verdict it has.
 */
export function withVerdict(
  answer: ExplanationsAnswer,
  explanations: readonly { id: Handle }[],
  position: number,
  verdict: ExplanationVerdict,
): ExplanationRow[] {
  const saved = new Map(answer.explanations.map((row) => [row.item, row.verdict]));
  return explanations.map((explanation, index) => ({
    position: index + 1,
    item: explanation.id,
    verdict: index + 1 === position ? verdict : (saved.get(explanation.id) ?? ''),
  }));
}

/** The verdict an explanation has in an answer, '' when none. */
export function verdictOf(answer: ExplanationsAnswer, item: Handle): ExplanationVerdict {
  return answer.explanations.find((row) => row.item === item)?.verdict ?? '';
}

/** What the item screen lists as still needed: a verdict on each explanation shown that has
 * none, numbered as shown (the list is saved whole from the first verdict on). */
export function verdictsStillNeeded(answer: ExplanationsAnswer, explanations: readonly { id: Handle }[]): string[] {
  return explanations.flatMap((explanation, index) => (verdictOf(answer, explanation.id) === '' ? [`verdict:${index + 1}`] : []));
}

/** The server's rule (kinds/explanations.py `missing`): a verdict on each explanation. */
export function explanationsMissing(answer: ExplanationsAnswer | null | undefined): string[] {
  if (answer == null || answer.explanations.length === 0) return ['explanations'];
  return answer.explanations.filter((row) => row.verdict === '').map((row) => `verdict:${row.position}`);
}

function apply(answer: ExplanationsAnswer, fields: Fields): ExplanationsAnswer {
  const rows = explanationRowsOf(fields.explanations);
  return rows === null ? answer : { explanations: rows };
}

export const explanationsKind: Kind<ExplanationsAnswer, 'items'> = {
  key: 'explanations',
  target: 'handle',
  screen: 'items',
  askedBy: 'explanation',
  empty: EMPTY,
  saved: (payload: ItemsPayload) =>
    (payload.judgements.explanations ?? []).map((state) => ({
      target: state.sentence,
      version: state.version,
      answer: apply(EMPTY, state),
    })),
  apply,
  missing: explanationsMissing,
  url: itemUrl('explanations'),
};
