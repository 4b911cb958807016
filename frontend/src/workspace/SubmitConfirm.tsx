import { Button, Group, Modal, Text } from '@mantine/core';

interface SubmitConfirmProps {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Submitting is for good (the unit becomes read-only), so it is asked once: Enter confirms
 * (the focused button), Esc cancels. */
export function SubmitConfirm({ opened, onConfirm, onCancel }: SubmitConfirmProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Submit this unit?" size="sm" returnFocus>
      <Text size="sm">
        You cannot change your answers after submitting, unless an admin reopens the unit.
      </Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>
          Keep working (Esc)
        </Button>
        <Button onClick={onConfirm} data-autofocus>
          Submit (Enter)
        </Button>
      </Group>
    </Modal>
  );
}
