import type { Figure } from './types';

/** "0.842 [0.831, 0.853]", or "–" when undefined. */
export function figureText(figure: Figure | null | undefined): string {
  if (figure === null || figure === undefined || figure.value === null) return '–';
  const value = figure.value.toFixed(3);
  if (figure.low === null || figure.high === null) return value;
  return `${value} [${figure.low.toFixed(3)}, ${figure.high.toFixed(3)}]`;
}

/** A figure's value and interval apart ("0.842", "[0.831, 0.853]"), for a cell that may
 * put the interval under the value; `interval` is null without one. */
export function figureParts(figure: Figure | null | undefined): { value: string; interval: string | null } {
  if (figure === null || figure === undefined || figure.value === null) return { value: '–', interval: null };
  const value = figure.value.toFixed(3);
  if (figure.low === null || figure.high === null) return { value, interval: null };
  return { value, interval: `[${figure.low.toFixed(3)}, ${figure.high.toFixed(3)}]` };
}
