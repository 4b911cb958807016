import { Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { ErrorType, TopicCategory, TopicCategoryOption } from '../api/types';
import { ChoiceGroup } from './ChoiceGroup';
import { ConflictPanel } from './ConflictPanel';
import { TOPIC_KEY, type Conflict, type ItemKey } from './saveQueue';

interface TopicQuestionProps {
  topicName: string;
  ask: boolean;
  categories: readonly TopicCategoryOption[];
  value: TopicCategory | '';
  onChange: (value: TopicCategory) => void;
  readOnly: boolean;
  error: string | undefined;
  conflict: Conflict | undefined;
  errorTypes: readonly ErrorType[];
  onKeepMine: (key: ItemKey) => void;
  onUseSaved: (key: ItemKey) => void;
}

export function TopicQuestion(props: TopicQuestionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="topic">
      <Title order={2} id={headingId} className="pane-title">
        Topic
      </Title>
      <Text size="lg" fw={600}>
        {props.topicName}
      </Text>
      {props.ask && (
        <div data-nav="topic" className="topic__question">
          <ChoiceGroup
            label="Topic category"
            description="Is this topic main, marginal or irrelevant in the dialogue? Press c, then 1–3."
            choices={props.categories.map((category, index) => ({
              value: category.value,
              label: category.label,
              description: category.description,
              digit: String(index + 1),
            }))}
            value={props.value === '' ? null : props.value}
            onChange={props.onChange}
            readOnly={props.readOnly}
            error={props.error}
          />
        </div>
      )}
      {props.conflict !== undefined && (
        <ConflictPanel
          itemName="The topic category"
          conflict={props.conflict}
          errorTypes={props.errorTypes}
          onKeepMine={() => props.onKeepMine(TOPIC_KEY)}
          onUseSaved={() => props.onUseSaved(TOPIC_KEY)}
        />
      )}
    </section>
  );
}
