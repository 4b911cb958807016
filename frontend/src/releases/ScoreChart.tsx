import { useId } from 'react';

import { chartedMetrics, describeScore, type ReleaseScores, scoreY } from './scoreFormat';

// Layout of the plot, in SVG units (the chart scrolls sideways when there are many systems).
const PLOT_HEIGHT = 160;
const LEFT = 40;
const TOP = 10;
const BOTTOM = 44;
const BAR = 14;
const GROUP_GAP = 22;
const CAP = 4;
const TICKS = [0, 0.25, 0.5, 0.75, 1];
const MAX_LABEL = 16;

/** Grouped bars, one group per system and one bar per metric, each with its interval as a
 * whisker; a hand-made SVG (no chart library). Metrics no system has are left out; a system
 * without a score on a metric has no bar there (the table says n = 0). */
export function ScoreChart({ scores, version }: { scores: ReleaseScores; version: string }) {
  const titleId = useId();
  const descId = useId();
  const metrics = chartedMetrics(scores);
  if (metrics.length === 0 || scores.systems.length === 0) return null;
  const groupWidth = metrics.length * BAR + GROUP_GAP;
  const width = LEFT + scores.systems.length * groupWidth + 8;
  const height = TOP + PLOT_HEIGHT + BOTTOM;
  const description = scores.systems
    .map(
      (system) =>
        `${system.system}: ` +
        metrics.map((metric) => `${metric.label} ${describeScore(system[metric.key], scores.confidence)}`).join('; '),
    )
    .join('. ');

  return (
    <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        style={{ display: 'block', fontFamily: 'inherit' }}
      >
        <title id={titleId}>{`Scores per system of ${version}, with ${Math.round(scores.confidence * 100)}% intervals`}</title>
        <desc id={descId}>{description}</desc>
        <g transform={`translate(0, ${TOP})`}>
          {TICKS.map((tick) => (
            <g key={tick} data-testid="tick">
              <line x1={LEFT} x2={width - 4} y1={scoreY(tick, PLOT_HEIGHT)} y2={scoreY(tick, PLOT_HEIGHT)} stroke="#dee2e6" />
              <text x={LEFT - 6} y={scoreY(tick, PLOT_HEIGHT) + 4} textAnchor="end" fontSize={11} fill="#495057">
                {tick.toFixed(2)}
              </text>
            </g>
          ))}
          {scores.systems.map((system, index) => {
            const x0 = LEFT + GROUP_GAP / 2 + index * groupWidth;
            const label = system.system.length > MAX_LABEL ? `${system.system.slice(0, MAX_LABEL - 1)}…` : system.system;
            return (
              <g key={system.system} data-system={system.system}>
                {metrics.map((metric, position) => {
                  const score = system[metric.key];
                  if (score.mean === null) return null;
                  const x = x0 + position * BAR;
                  const top = scoreY(score.mean, PLOT_HEIGHT);
                  const center = x + BAR / 2;
                  return (
                    <g key={metric.key} data-metric={metric.key}>
                      <title>{`${system.system}, ${metric.label}: ${describeScore(score, scores.confidence)}`}</title>
                      <rect x={x + 1} y={top} width={BAR - 2} height={PLOT_HEIGHT - top} fill={metric.color} fillOpacity={0.8} />
                      {score.low !== null && score.high !== null && (
                        <g stroke="#212529" strokeWidth={1.2} data-testid="whisker">
                          <line x1={center} x2={center} y1={scoreY(score.high, PLOT_HEIGHT)} y2={scoreY(score.low, PLOT_HEIGHT)} />
                          <line x1={center - CAP} x2={center + CAP} y1={scoreY(score.high, PLOT_HEIGHT)} y2={scoreY(score.high, PLOT_HEIGHT)} />
                          <line x1={center - CAP} x2={center + CAP} y1={scoreY(score.low, PLOT_HEIGHT)} y2={scoreY(score.low, PLOT_HEIGHT)} />
                        </g>
                      )}
                    </g>
                  );
                })}
                <text
                  x={x0 + (metrics.length * BAR) / 2}
                  y={PLOT_HEIGHT + 16}
                  textAnchor="middle"
                  fontSize={11}
                  fill="#212529"
                >
                  <title>{system.system}</title>
                  {label}
                </text>
              </g>
            );
          })}
          <line x1={LEFT} x2={width - 4} y1={PLOT_HEIGHT} y2={PLOT_HEIGHT} stroke="#868e96" />
        </g>
        <g transform={`translate(${LEFT}, ${TOP + PLOT_HEIGHT + 30})`}>
          {metrics.map((metric, position) => (
            <g key={metric.key} transform={`translate(${position * 110}, 0)`}>
              <rect width={10} height={10} y={-9} fill={metric.color} fillOpacity={0.8} />
              <text x={14} fontSize={11} fill="#212529">
                {metric.label}
              </text>
            </g>
          ))}
        </g>
      </svg>
    </div>
  );
}
