import { useId } from 'react';

import { describeEstimate, type ErrorRateRow, type ReleaseAnalysis, topicWords } from './types';

const PLOT_HEIGHT = 150;
const LEFT = 44;
const TOP = 10;
const BOTTOM = 44;
const BAR = 18;
const GROUP_GAP = 24;
const CAP = 4;
const MAX_LABEL = 16;
const COLORS: Record<string, string> = { main: '#4263eb', marginal: '#e67700', uncategorised: '#868e96' };

/** Inconsistent sentences per summarizer, one bar per topic type (main, marginal) with its
 * interval as a whisker: TofuEval's Table 2 as a picture. A hand-made SVG, as the scores chart. */
export function RateChart({ analysis, rows, corpusWords }: { analysis: ReleaseAnalysis; rows: ErrorRateRow[]; corpusWords: string }) {
  const titleId = useId();
  const descId = useId();
  const types = analysis.topic_types.map((type) => type.key).filter((key) => key !== 'all' && rows.some((row) => row.topic_type === key));
  const systems = [...new Set(rows.map((row) => row.system))];
  if (types.length === 0 || systems.length === 0) return null;
  const rowOf = (system: string, type: string) => rows.find((row) => row.system === system && row.topic_type === type);
  const top = Math.max(0.05, ...rows.filter((row) => types.includes(row.topic_type)).map((row) => row.sentence_inconsistency.high ?? row.sentence_inconsistency.value ?? 0));
  const scaleTop = Math.min(1, Math.ceil(top * 10) / 10);
  const y = (value: number) => PLOT_HEIGHT * (1 - Math.max(0, Math.min(scaleTop, value)) / scaleTop);
  const ticks = [0, scaleTop / 2, scaleTop];
  const groupWidth = types.length * BAR + GROUP_GAP;
  const width = LEFT + systems.length * groupWidth + 8;
  const height = TOP + PLOT_HEIGHT + BOTTOM;
  const title = `Inconsistent sentences by summarizer, ${types.map((type) => topicWords(analysis, type)).join(' and ')} (${corpusWords})`;
  const description = systems
    .map(
      (system) =>
        `${system}: ` +
        types
          .map((type) => {
            const row = rowOf(system, type);
            return `${topicWords(analysis, type)} ${row ? describeEstimate(row.sentence_inconsistency, true, analysis.confidence) : 'none'}`;
          })
          .join('; '),
    )
    .join('. ');
  return (
    <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
      <svg role="img" aria-labelledby={titleId} aria-describedby={descId} width={width} height={height} viewBox={`0 0 ${width} ${height}`} style={{ display: 'block', fontFamily: 'inherit' }}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <g transform={`translate(0, ${TOP})`}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={LEFT} x2={width - 4} y1={y(tick)} y2={y(tick)} stroke="#dee2e6" />
              <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fontSize={11} fill="#495057">
                {`${Math.round(tick * 100)}%`}
              </text>
            </g>
          ))}
          {systems.map((system, index) => {
            const x0 = LEFT + GROUP_GAP / 2 + index * groupWidth;
            const label = system.length > MAX_LABEL ? `${system.slice(0, MAX_LABEL - 1)}…` : system;
            return (
              <g key={system} data-system={system}>
                {types.map((type, position) => {
                  const row = rowOf(system, type);
                  const estimate = row?.sentence_inconsistency;
                  if (!estimate || estimate.value === null) return null;
                  const x = x0 + position * BAR;
                  const center = x + BAR / 2;
                  return (
                    <g key={type} data-topic-type={type}>
                      <title>{`${system}, inconsistent sentences on ${topicWords(analysis, type)}: ${describeEstimate(estimate, true, analysis.confidence)}`}</title>
                      <rect x={x + 1} y={y(estimate.value)} width={BAR - 2} height={PLOT_HEIGHT - y(estimate.value)} fill={COLORS[type] ?? '#868e96'} fillOpacity={0.85} />
                      {estimate.low !== null && estimate.high !== null && (
                        <g stroke="#212529" strokeWidth={1.2}>
                          <line x1={center} x2={center} y1={y(estimate.high)} y2={y(estimate.low)} />
                          <line x1={center - CAP} x2={center + CAP} y1={y(estimate.high)} y2={y(estimate.high)} />
                          <line x1={center - CAP} x2={center + CAP} y1={y(estimate.low)} y2={y(estimate.low)} />
                        </g>
                      )}
                    </g>
                  );
                })}
                <text x={x0 + (types.length * BAR) / 2} y={PLOT_HEIGHT + 16} textAnchor="middle" fontSize={11} fill="#212529">
                  <title>{system}</title>
                  {label}
                </text>
              </g>
            );
          })}
          <line x1={LEFT} x2={width - 4} y1={PLOT_HEIGHT} y2={PLOT_HEIGHT} stroke="#868e96" />
        </g>
        <g transform={`translate(${LEFT}, ${TOP + PLOT_HEIGHT + 32})`}>
          {types.map((type, position) => (
            <g key={type} transform={`translate(${position * 190}, 0)`}>
              <rect width={10} height={10} y={-9} fill={COLORS[type] ?? '#868e96'} fillOpacity={0.85} />
              <text x={14} fontSize={11} fill="#212529">
                {`Inconsistent sentences, ${topicWords(analysis, type)}`}
              </text>
            </g>
          ))}
        </g>
      </svg>
    </div>
  );
}
