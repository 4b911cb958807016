import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, Tooltip, XAxis, YAxis } from 'recharts';

import { Table, Text } from '@mantine/core';

import { figureText } from './format';
import type { Level } from './types';

/** Each type's group is at least this wide, so its name wraps onto a few short lines
 * instead of running into the next one's (a type name is up to ~30 characters). */
const MIN_BAND = 120;
const TICK_FONT = 11;
// An average glyph of the 11 px sans-serif axis font; a line is cut before the band is full.
const CHAR_WIDTH = 6.2;
const MAX_LINES = 4;

/** A type's name in lines of at most `chars` characters, whole words, at most MAX_LINES. */
export function tickLines(name: string, chars: number): string[] {
  const lines: string[] = [];
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= chars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES - 1), `${lines.slice(MAX_LINES - 1).join(' ').slice(0, Math.max(1, chars - 1))}…`];
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}

const COLORS = ['#1c7ed6', '#e8590c', '#2f9e44', '#9c36b5', '#f08c00', '#0c8599', '#c2255c', '#5c940d'];

/** Recall per gold error type, one bar per evaluator in each type's group, with its interval
 * as a whisker; the same figures as a table for screen readers and exact values. */
export function TypeRecallChart({ level }: { level: Level }) {
  const names = Object.keys(level.evaluators).sort();
  const types = [...new Set(names.flatMap((name) => Object.keys(level.evaluators[name]?.type_recall ?? {})))].sort();
  if (types.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No gold error types on the measured records.
      </Text>
    );
  }
  const data = types.map((type) => {
    const row: Record<string, number | string | [number, number]> = { type };
    for (const name of names) {
      const figure = level.evaluators[name]?.type_recall[type];
      if (figure?.value !== null && figure?.value !== undefined) {
        row[name] = figure.value;
        if (figure.low !== null && figure.high !== null) row[`${name}:error`] = [figure.value - figure.low, figure.high - figure.value];
      }
    }
    return row;
  });
  const band = Math.max(MIN_BAND, names.length * 22 + 40);
  const chars = Math.floor((band - 12) / CHAR_WIDTH);
  // The type names under their groups, wrapped: one line each ran into the next group's.
  const tick = ({ x = 0, y = 0, payload }: TickProps) => (
    <text x={Number(x)} y={Number(y) + 12} textAnchor="middle" fontSize={TICK_FONT} fill="#495057">
      {tickLines(String(payload?.value ?? ''), chars).map((line, index) => (
        <tspan key={index} x={Number(x)} dy={index === 0 ? 0 : TICK_FONT + 2}>
          {line}
        </tspan>
      ))}
    </text>
  );
  return (
    <>
      {/* The table below says the same for assistive technology; the chart is hidden from it
          and so must not take focus (Recharts' keyboard layer would: axe's aria-hidden-focus). */}
      <div aria-hidden="true" className="chart-scroll">
        <BarChart
          width={Math.max(480, types.length * band + 60)}
          height={300}
          data={data}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="type" interval={0} height={MAX_LINES * (TICK_FONT + 2) + 16} tick={tick} />
          <YAxis domain={[0, 1]} fontSize={11} />
          <Tooltip />
          <Legend />
          {names.map((name, index) => (
            <Bar key={name} dataKey={name} fill={COLORS[index % COLORS.length]} isAnimationActive={false}>
              <ErrorBar dataKey={`${name}:error`} width={4} stroke="#333" />
            </Bar>
          ))}
        </BarChart>
      </div>
      <Table fz="sm" withTableBorder aria-label="Recall per error type">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Error type</Table.Th>
            {names.map((name) => (
              <Table.Th key={name} scope="col">
                {name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {types.map((type) => (
            <Table.Tr key={type}>
              <Table.Th scope="row">
                {type} ({level.evaluators[names[0] ?? '']?.type_recall[type]?.records ?? 0})
              </Table.Th>
              {names.map((name) => (
                <Table.Td key={name}>{figureText(level.evaluators[name]?.type_recall[type])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
