import { Table } from '@mantine/core';

import type { DisagreementUnit } from '../api/types';
import { JudgementRow } from './JudgementRow';

const CATEGORY_LABELS: Record<string, string> = { main: 'Main', marginal: 'Marginal', irrelevant: 'Irrelevant' };

/** The topic question (main / marginal / irrelevant) per annotator. */
export function TopicCategoryTable({ unit, labelledBy }: { unit: DisagreementUnit; labelledBy: string }) {
  const valueOf = (annotator: string) => {
    const category = unit.topic_category[annotator];
    return category === undefined || category === '' ? '—' : (CATEGORY_LABELS[category] ?? category);
  };
  return (
    <Table withColumnBorders verticalSpacing={4} fz="sm" layout="fixed" aria-labelledby={labelledBy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Td w={110} />
          {unit.annotators.map((annotator) => (
            <Table.Th scope="col" key={annotator}>
              {annotator}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <JudgementRow label="Topic category" annotators={unit.annotators} valueOf={valueOf} />
      </Table.Tbody>
    </Table>
  );
}
