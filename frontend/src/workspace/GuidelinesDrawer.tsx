import { Drawer } from '@mantine/core';
import Markdown from 'react-markdown';

interface GuidelinesDrawerProps {
  opened: boolean;
  onClose: () => void;
  version: number;
  markdown: string;
}

/** The round's guideline version, rendered; react-markdown drops raw HTML, so admin text cannot inject markup. */
export function GuidelinesDrawer({ opened, onClose, version, markdown }: GuidelinesDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={`Guidelines v${version}`}>
      <div className="guidelines">
        <Markdown>{markdown}</Markdown>
      </div>
    </Drawer>
  );
}
