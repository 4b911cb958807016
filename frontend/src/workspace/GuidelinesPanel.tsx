import { CloseButton, Group, Title } from '@mantine/core';
import { useId, type Ref } from 'react';

import { SafeMarkdown } from '../components/SafeMarkdown';

interface GuidelinesPanelProps {
  /** The scrolling pane, which Shift+G focuses so the arrows and Page Down scroll it. */
  ref?: Ref<HTMLElement>;
  onClose: () => void;
  version: number;
  markdown: string;
}

/**
 * The round's guideline version beside the work: a third pane, not a dialog, so focus and
 * the keys stay in the workspace while a linguist reads (`g` shows and hides it).
 */
export function GuidelinesPanel({ ref, onClose, version, markdown }: GuidelinesPanelProps) {
  const headingId = useId();
  return (
    <aside
      ref={ref}
      tabIndex={0}
      aria-keyshortcuts="Shift+G"
      className="workspace-pane workspace-pane--guidelines"
      aria-labelledby={headingId}
    >
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
