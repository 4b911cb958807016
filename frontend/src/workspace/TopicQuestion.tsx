import { Radio, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { ErrorType, TopicCategory, TopicCategoryOption } from '../api/types';
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
        <div data-nav="topic">
          <Radio.Group
            label="Topic category"
            description="Is this topic main, marginal or irrelevant in the dialogue?"
            value={props.value === '' ? null : props.value}
            onChange={(next) => props.onChange(next as TopicCategory)}
            readOnly={props.readOnly}
            error={props.error}
            mt="xs"
          >
            <Stack gap={6} mt={6}>
              {props.categories.map((category) => (
                <Radio
                  key={category.value}
                  value={category.value}
                  label={category.label}
                  description={category.description}
                  disabled={props.readOnly}
                />
              ))}
            </Stack>
          </Radio.Group>
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
