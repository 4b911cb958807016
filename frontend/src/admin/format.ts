// How the admin screens print numbers and dates.

/** A coefficient with two decimals and a real minus sign; "—" when missing. */
export function formatStat(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return value.toFixed(2).replace('-', '−');
}

export function formatInterval(ci: readonly (number | null)[] | null | undefined): string | null {
  const [low, high] = ci ?? [];
  // An interval is its two ends; the server sends none (or nulls) when it was not computed.
  if (low == null || high == null) return null;
  return `95% CI ${formatStat(low)} to ${formatStat(high)}`;
}

export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return `${Math.round(value * 1000) / 10}%`;
}

/** A date and time in the reader's locale; "—" for none, the raw text if unparseable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}
