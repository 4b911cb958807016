import { CloseButton, Group, Title } from '@mantine/core';
import { useId } from 'react';

import { SafeMarkdown } from '../components/SafeMarkdown';

interface GuidelinesPanelProps {
  onClose: () => void;
  version: number;
  markdown: string;
}

/**
 * The round's guideline version beside the work: a third pane, not a dialog, so focus and
 * the keys stay in the workspace while a linguist reads (`g` shows and hides it).
 */
export function GuidelinesPanel({ onClose, version, markdown }: GuidelinesPanelProps) {
  const headingId = useId();
  return (
    <aside className="workspace-pane workspace-pane--guidelines" aria-labelledby={headingId}>
      <Group justify="space-between" className="pane-head" wrap="nowrap">
        <Title order={2} id={headingId} className="pane-title">
          Guidelines v{version}
        </Title>
        <CloseButton aria-label="Hide the guidelines" onClick={onClose} aria-keyshortcuts="g" />
      </Group>
      <div className="guidelines">
        <SafeMarkdown>{markdown}</SafeMarkdown>
      </div>
    </aside>
  );
}
