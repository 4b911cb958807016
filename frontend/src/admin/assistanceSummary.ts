import type { Assistance } from '../api/types';
import { formatPercent, formatStat } from './format';

/**
 * The hint comparison in one plain sentence: "With hints: 34% of labels inconsistent;
 * without: 31%; labels differ on 7% of 240 shared sentences; kappa between conditions 0.71
 * (95% CI 0.62 to 0.80)." `manage.py agreement` prints the same sentence
 * (annotations/agreement/assistance_wording.py); both follow fixtures/agreement/assistance_wording.json.
 */
export function assistanceSummary(section: Assistance): string {
  if (section.n_sentences === 0) return 'No sentence has labels both with and without hints yet.';
  const withHints = section.conditions.find((condition) => condition.hints);
  const without = section.conditions.find((condition) => !condition.hints);
  const parts = [
    `With hints: ${formatPercent(withHints?.share_inconsistent)} of labels inconsistent`,
    `without: ${formatPercent(without?.share_inconsistent)}`,
  ];
  const n = section.n_sentences;
  if (section.differ === null) {
    parts.push(`no shared sentence has a majority label in both (${n} shared)`);
    return `${parts.join('; ')}.`;
  }
  const differ = formatPercent(section.differ.value);
  parts.push(
    section.n_compared === n
      ? `labels differ on ${differ} of ${n} shared sentences`
      : `labels differ on ${differ} of the ${section.n_compared} shared sentences with a majority label in both (${n} shared)`,
  );
  const { kappa } = section;
  if (kappa === null) {
    parts.push('kappa between conditions undefined (one label throughout)');
  } else {
    const [low, high] = kappa.ci;
    const interval = low != null && high != null ? ` (95% CI ${formatStat(low)} to ${formatStat(high)})` : '';
    parts.push(`kappa between conditions ${formatStat(kappa.value)}${interval}`);
  }
  return `${parts.join('; ')}.`;
}
