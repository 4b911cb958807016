// How the releases page prints formats, counts, sizes and checksums.

const FORMAT_LABELS: Record<string, string> = {
  native: 'Native JSONL',
  tofueval: 'TofuEval',
  aggrefact: 'AggreFact',
  llm_aggrefact: 'LLM-AggreFact',
  finesure: 'FineSurE',
  spans: 'Error spans',
  circumstantial: 'Circumstantial inference',
  rose: 'RoSE (atomic facts)',
};

/** An export format's readable name; a format the UI does not know yet is shown as sent. */
export function formatLabel(format: string): string {
  return FORMAT_LABELS[format] ?? format;
}

const COUNT_LABELS: Record<string, string> = {
  summaries: 'Summaries',
  sentences: 'Sentences',
  dev: 'Dev',
  test: 'Test',
};

/** A count's name: known keys in words, others with underscores as spaces and a capital. */
export function countLabel(key: string): string {
  const known = COUNT_LABELS[key];
  if (known !== undefined) return known;
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 12345 → "12.1 KB" (binary multiples, as file browsers show them). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** The first 12 hex digits are enough to tell files apart at a glance; the full one goes in a title. */
export function shortHash(sha256: string, length = 12): string {
  return sha256.length <= length ? sha256 : `${sha256.slice(0, length)}…`;
}
