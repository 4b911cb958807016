// Shading for agreement values in [-1, 1]: white at 0, deepening teal towards 1 and red
// towards -1. The number is always printed in the cell too; colour only helps scanning.

const POSITIVE: readonly [number, number, number] = [12, 166, 120]; // teal
const NEGATIVE: readonly [number, number, number] = [224, 49, 49]; // red

/** Shading stops short of the full colour, so dark text keeps at least 4.5:1 contrast. */
const MAX_STRENGTH = 0.8;

export function heatColor(value: number | null): { background: string; color: string } {
  if (value === null || Number.isNaN(value)) return { background: '#f1f3f5', color: '#495057' };
  const strength = Math.min(1, Math.abs(value)) * MAX_STRENGTH;
  const [r, g, b] = value >= 0 ? POSITIVE : NEGATIVE;
  const mix = (channel: number) => Math.round(255 + (channel - 255) * strength);
  return { background: `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`, color: '#1a1b1e' };
}
