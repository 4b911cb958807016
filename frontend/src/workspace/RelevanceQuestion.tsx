import type { RelevanceAnchor } from '../api/types';
import { ChoiceGroup } from './ChoiceGroup';

interface RelevanceQuestionProps {
  summaryLabel: string;
  anchors: readonly RelevanceAnchor[];
  value: number | null;
  onChange: (value: number) => void;
  readOnly: boolean;
  error: string | undefined;
  optional: boolean;
}

/** Relevance 1–5 with each anchor's label and description in view (`r` then a digit sets it
 * from anywhere in the summary; the digit alone while the question has focus). */
export function RelevanceQuestion({ summaryLabel, anchors, value, onChange, readOnly, error, optional }: RelevanceQuestionProps) {
  return (
    <ChoiceGroup
      label={`Relevance of summary ${summaryLabel} to the topic`}
      description={optional ? 'Not needed for a summary marked “not a summary”.' : 'Press r, then 1–5.'}
      choices={anchors.map((anchor) => ({
        value: anchor.value,
        label: `${anchor.value} — ${anchor.label}`,
        description: anchor.description,
        digit: String(anchor.value),
      }))}
      value={value}
      onChange={onChange}
      readOnly={readOnly}
      error={error}
    />
  );
}
