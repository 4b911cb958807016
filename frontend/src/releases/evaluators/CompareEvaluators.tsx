import { Alert, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { figureText } from './format';
import type { Level } from './types';

/** Two evaluators side by side: the difference in balanced accuracy with its interval and a
 * paired bootstrap p-value (the same resampled documents for both), and each one's
 * confusion matrix on the measured records. */
export function CompareEvaluators({ level }: { level: Level }) {
  const names = Object.keys(level.evaluators).sort();
  const [a, setA] = useState(names[0] ?? '');
  const [b, setB] = useState(names[1] ?? names[0] ?? '');
  if (names.length === 0) return null;
  const direct = level.comparisons.find((c) => c.a === a && c.b === b);
  const reverse = level.comparisons.find((c) => c.a === b && c.b === a);
  const difference = direct ?? (reverse && { ...reverse, value: negate(reverse.value), low: negate(reverse.high), high: negate(reverse.low) });
  return (
    <Stack gap="sm">
      <Group>
        <NativeSelect label="Evaluator A" value={a} onChange={(event) => setA(event.currentTarget.value)} data={names} />
        <NativeSelect label="Evaluator B" value={b} onChange={(event) => setB(event.currentTarget.value)} data={names} />
      </Group>
      {a === b ? (
        <Text size="sm" c="dimmed">
          Choose two different evaluators.
        </Text>
      ) : difference ? (
        <Alert color={difference.p_value !== null && difference.p_value < 0.05 ? 'teal' : 'gray'} title={`${a} − ${b}, balanced accuracy`} role="status">
          {figureText(difference)};{' '}
          {difference.p_value === null
            ? // Below the server's minimum of documents a p-value would be an artefact of resampling too few.
              (difference.note ?? 'not enough documents to test')
            : `paired bootstrap p = ${difference.p_value.toFixed(3)}${difference.p_value < 0.05 ? ' (different at the 5% level)' : ' (not shown different at the 5% level)'}`}
        </Alert>
      ) : null}
      <Group align="flex-start" gap="xl">
        {[a, b].filter((name, index, all) => all.indexOf(name) === index).map((name) => {
          const confusion = level.evaluators[name]?.confusion;
          if (!confusion) return null;
          return (
            <Table key={name} withTableBorder withColumnBorders fz="sm" w={300} aria-label={`Confusion matrix of ${name}`}>
              <Table.Caption>{name}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Gold \ called</Table.Th>
                  <Table.Th scope="col">inconsistent</Table.Th>
                  <Table.Th scope="col">consistent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">inconsistent</Table.Th>
                  <Table.Td>{confusion.tp}</Table.Td>
                  <Table.Td>{confusion.fn}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">consistent</Table.Th>
                  <Table.Td>{confusion.fp}</Table.Td>
                  <Table.Td>{confusion.tn}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          );
        })}
      </Group>
    </Stack>
  );
}

function negate(value: number | null): number | null {
  return value === null ? null : -value;
}
