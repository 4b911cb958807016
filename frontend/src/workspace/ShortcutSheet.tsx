import { Group, Kbd, Modal, Table } from '@mantine/core';

import type { Scheme } from '../api/types';
import { SHORTCUTS } from './keyboard';

/** Every workspace key, from the list the key handler reads; keys for questions the project
 * does not ask are left out. */
export function ShortcutSheet({ opened, onClose, scheme }: { opened: boolean; onClose: () => void; scheme: Scheme }) {
  const asked = {
    comment: scheme.sentence_comment,
    confidence: scheme.confidence,
    not_a_summary: scheme.not_a_summary,
    summary_comment: scheme.comment,
    error_spans: scheme.consistency && scheme.error_spans,
    // Atomic facts take evidence as spans do.
    evidence: (scheme.consistency && scheme.error_spans && scheme.evidence) || scheme.atomic_facts,
    completeness: scheme.completeness,
    atomic_facts: scheme.atomic_facts,
  };
  const shown = SHORTCUTS.filter((shortcut) => shortcut.when === undefined || asked[shortcut.when]);
  return <ShortcutTable opened={opened} onClose={onClose} shortcuts={shown} />;
}

/** One shortcut as a sheet lists it: the keys pressed together, and what they do. */
export interface ShortcutEntry {
  keys: readonly string[];
  description: string;
}

/** The sheet itself, for any screen's list of keys (the item screen of review rounds has its own). */
export function ShortcutTable({ opened, onClose, shortcuts }: { opened: boolean; onClose: () => void; shortcuts: readonly ShortcutEntry[] }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="lg">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Keys</Table.Th>
            <Table.Th scope="col">What they do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shortcuts.map((shortcut) => (
            <Table.Tr key={shortcut.description}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {shortcut.keys.map((key) => (
                    <Kbd key={key}>{key}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{shortcut.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <p>Letter keys do nothing while you type in a text field; press Esc to leave it first.</p>
    </Modal>
  );
}
