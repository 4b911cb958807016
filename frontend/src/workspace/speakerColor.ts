// Each speaker keeps one colour everywhere (and across visits), so a reader can follow who
// speaks without reading the name. The palette is dark enough for 4.5:1 contrast on white.

const PALETTE = [
  '#1d4ed8', // blue
  '#b45309', // amber
  '#047857', // green
  '#9d174d', // pink
  '#6d28d9', // violet
  '#0e7490', // cyan
  '#b91c1c', // red
  '#4d7c0f', // olive
  '#7c2d12', // brown
  '#374151', // slate
] as const;

/** FNV-1a over the trimmed, upper-cased name: stable, cheap, and well spread for short strings. */
export function speakerColor(speaker: string): string {
  let hash = 0x811c9dc5;
  for (const char of speaker.trim().toUpperCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}
