import { Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { TopicCategory } from '../api/types';
import { topicKind } from '../kinds/topic';
import { ChoiceGroup } from './ChoiceGroup';
import { ConflictPanel } from './ConflictPanel';
import { useItem, useWorkspacePayload } from './useItem';

/** The unit's topic and, when the scheme asks, its category (main, marginal, irrelevant). */
export function TopicQuestion() {
  const headingId = useId();
  const payload = useWorkspacePayload();
  const item = useItem(topicKind, null);
  const error = item.errors?.category ?? item.errors?.detail;
  return (
    <section aria-labelledby={headingId} className="topic">
      <Title order={2} id={headingId} className="pane-title">
        Topic
      </Title>
      <Text size="lg" fw={600}>
        {payload.topic.name}
      </Text>
      {payload.scheme.topic_category && (
        <div data-nav="topic" className="topic__question">
          <ChoiceGroup
            label="Topic category"
            description="Is this topic main, marginal or irrelevant in the dialogue? Press c, then 1–3."
            choices={payload.topic_categories.map((category, index) => ({
              value: category.value,
              label: category.label,
              description: category.description,
              digit: String(index + 1),
            }))}
            value={item.answer.category === '' ? null : item.answer.category}
            onChange={(category: TopicCategory) => item.save({ category })}
            readOnly={item.readOnly}
            error={error}
          />
        </div>
      )}
      {item.conflict !== undefined && (
        <ConflictPanel
          itemName="The topic category"
          conflict={item.conflict}
          errorTypes={item.errorTypes}
          onKeepMine={item.keepMine}
          onUseSaved={item.adoptSaved}
        />
      )}
    </section>
  );
}
