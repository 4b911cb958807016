import type { TopicCategory } from '../api/types';
import type { Kind } from './kind';

/** The unit's topic: is it main, marginal or irrelevant in the dialogue (one per assignment). */
export interface TopicAnswer {
  category: TopicCategory | '';
}

const CATEGORIES: readonly string[] = ['main', 'marginal', 'irrelevant', ''];

export const topicKind: Kind<TopicAnswer> = {
  key: 'topic',
  target: 'assignment',
  askedBy: 'topic_category',
  empty: { category: '' },
  saved: (payload) => {
    const topic = payload.judgements.topic;
    return topic === null ? [] : [{ target: null, version: topic.version, answer: { category: topic.category } }];
  },
  apply(answer, fields) {
    const category = fields.category;
    return typeof category === 'string' && CATEGORIES.includes(category)
      ? { category: category as TopicCategory | '' }
      : answer;
  },
  missing: (answer) => (answer != null && answer.category !== '' ? [] : ['topic_category']),
  url: (assignmentId) => `/api/assignments/${assignmentId}/topic/`,
};
