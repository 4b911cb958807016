/**
 * WCAG 2 contrast arithmetic (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio) on `#rrggbb`
 * colours, for the theme's palette (theme.ts) and its test. Pure: no Mantine, no DOM.
 */

/** WCAG AA for normal-size text (1.4.3). */
export const AA_TEXT = 4.5;

function channels(hex: string): [number, number, number] {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const channel = (at: number) => parseInt(hex.slice(at, at + 2), 16);
  return [channel(1), channel(3), channel(5)];
}

function toHex(values: [number, number, number]): string {
  return `#${values.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

export function relativeLuminance(hex: string): number {
  const linear = (value: number) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = channels(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * `hex` mixed towards black in small steps until it reaches `ratio` against every colour of
 * `backgrounds` (unchanged when it already does): the same hue, just deep enough to read.
 */
export function darkenToContrast(hex: string, backgrounds: readonly string[], ratio: number): string {
  const base = channels(hex);
  for (let step = 0; step <= 100; step += 1) {
    const keep = 1 - step / 100;
    const candidate = toHex([base[0] * keep, base[1] * keep, base[2] * keep]);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return '#000000';
}
