import { Radio, Stack } from '@mantine/core';

import type { RelevanceAnchor } from '../api/types';

interface RelevanceQuestionProps {
  summaryLabel: string;
  anchors: readonly RelevanceAnchor[];
  value: number | null;
  onChange: (value: number) => void;
  readOnly: boolean;
  error: string | undefined;
  optional: boolean;
}

/** Relevance 1–5 with each anchor's label and description in view (`r` then a digit sets it). */
export function RelevanceQuestion({ summaryLabel, anchors, value, onChange, readOnly, error, optional }: RelevanceQuestionProps) {
  return (
    <Radio.Group
      label={`Relevance of summary ${summaryLabel} to the topic`}
      description={optional ? 'Not needed for a summary marked “not a summary”.' : 'Press r, then 1–5.'}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
      readOnly={readOnly}
      error={error}
    >
      <Stack gap={6} mt={6}>
        {anchors.map((anchor) => (
          <Radio
            key={anchor.value}
            value={String(anchor.value)}
            label={`${anchor.value} — ${anchor.label}`}
            description={anchor.description}
            disabled={readOnly}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
