import { CartesianGrid, ErrorBar, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';

import type { AgreementHistoryQuestion } from '../api/types';
import { formatStat } from './format';

interface HistoryChartProps {
  history: AgreementHistoryQuestion;
  /** Highlights this round's point. */
  currentRoundId?: number;
}

/**
 * The y axis's ticks: from the lowest value (rounded down to a tenth, at most 0) to 1, always
 * with 0 (chance agreement) and the top, and a midpoint when the range allows: -0.2, 0, 0.5, 1.
 */
export function historyTicks(low: number): number[] {
  const bottom = Math.min(0, Math.floor(low * 10) / 10);
  return bottom < 0 ? [bottom, 0, 0.5, 1] : [0, 0.5, 1];
}

/** Whether a question has any computed value to plot across rounds. */
export function hasHistory(history: AgreementHistoryQuestion): boolean {
  return history.points.some((point) => point.value !== null);
}

/** The same question across the project's rounds, with the target as a dashed line. */
export function HistoryChart({ history, currentRoundId }: HistoryChartProps) {
  const data = history.points.map((point) => {
    const [low, high] = point.ci ?? [];
    const ci = low !== undefined && high !== undefined ? ([low, high] as const) : null;
    return {
      round: point.round,
      value: point.value,
      id: point.round_id,
      // Error bars as distances below and above the point.
      error: point.value !== null && ci !== null ? [point.value - ci[0], ci[1] - point.value] : [0, 0],
      ci,
    };
  });
  const values = data
    .flatMap((point) => [point.value, ...(point.ci ?? [])])
    .filter((value): value is number => value !== null);
  const low = Math.min(0, ...values, history.target ?? 0);
  const ticks = historyTicks(low);
  // The chart itself is a picture; its accessible name says what it shows, point by point.
  const described = data
    .map((point) => {
      const interval = point.ci === null ? '' : ` (95% CI ${formatStat(point.ci[0])} to ${formatStat(point.ci[1])})`;
      return `${point.round} ${formatStat(point.value)}${interval}`;
    })
    .join(', ');
  const target = history.target === null ? '' : ` Target ${formatStat(history.target)}.`;
  return (
    <div role="img" aria-label={`${history.label} by round: ${described}.${target}`} className="history-chart">
      <LineChart width={300} height={130} data={data} margin={{ top: 8, right: 12, bottom: 0, left: -18 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#e9ecef" vertical={false} />
        <XAxis dataKey="round" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis domain={[ticks[0] ?? 0, 1]} ticks={ticks} interval={0} tick={{ fontSize: 11 }} tickFormatter={(tick: number) => String(tick)} />
        <Tooltip formatter={(value) => formatStat(typeof value === 'number' ? value : null)} />
        {history.target !== null && (
          <ReferenceLine y={history.target} stroke="#e8590c" strokeDasharray="5 4" ifOverflow="extendDomain" />
        )}
        <Line
          type="monotone"
          dataKey="value"
          stroke="#4c6ef5"
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
          dot={(props: { cx?: number; cy?: number; payload?: { id: number }; index?: number }) => (
            <circle
              key={props.index}
              cx={props.cx}
              cy={props.cy}
              r={props.payload?.id === currentRoundId ? 5 : 3}
              fill={props.payload?.id === currentRoundId ? '#4c6ef5' : '#fff'}
              stroke="#4c6ef5"
              strokeWidth={2}
            />
          )}
        >
          <ErrorBar dataKey="error" width={4} strokeWidth={1.5} stroke="#4c6ef5" direction="y" />
        </Line>
      </LineChart>
    </div>
  );
}
