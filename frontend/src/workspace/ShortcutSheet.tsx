import { Group, Kbd, Modal, Table } from '@mantine/core';

import { SHORTCUTS } from './keyboard';

export function ShortcutSheet({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
          {SHORTCUTS.map((shortcut) => (
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
