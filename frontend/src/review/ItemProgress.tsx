import { Text } from '@mantine/core';

import { missingOf } from '../kinds/registry';
import { answerOf } from '../workspace/answers';
import { useAnswers } from '../workspace/useItem';
import { stageKind, stageScheme } from './stages';
import type { ItemsPayload } from './types';

/** "2 of 6 items done", by the stage kind's completion rule (the server's). Its own component:
 * it reads every answer, so only it re-renders on each change, not the whole screen. */
export function ItemProgress({ payload }: { payload: ItemsPayload }) {
  const answers = useAnswers();
  const kind = stageKind(payload.stage);
  const scheme = stageScheme(payload.stage);
  const done = payload.items.filter((item) => missingOf(kind, answerOf(answers, kind, item.sentence), scheme).length === 0).length;
  return (
    <Text size="sm" c="dimmed">
      {done} of {payload.items.length} items done
    </Text>
  );
}
