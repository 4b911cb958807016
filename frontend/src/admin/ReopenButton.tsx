import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

import { reopenAssignment } from '../api/client';
import { describeError } from '../useMe';

interface ReopenButtonProps {
  assignmentId: number;
  /** The linguist, as the admin knows them. */
  who: string;
  unit: string;
  onReopened: () => void;
}

/** Reopen a submitted unit so its linguist can act on feedback. The reason is required: the
 * linguist reads it, and the audit trail keeps it. */
export function ReopenButton({ assignmentId, who, unit, onReopened }: ReopenButtonProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function reopen() {
    setBusy(true);
    setError(null);
    try {
      await reopenAssignment(assignmentId, reason.trim());
      setOpen(false);
      setReason('');
      onReopened();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="compact-xs" variant="default" onClick={() => setOpen(true)} aria-label={`Reopen ${who}'s ${unit}`}>
        Reopen
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Reopen ${who}'s unit “${unit}”`}>
        <Stack gap="sm">
          <Text size="sm">
            The unit goes back to in progress so {who} can change it. They see your reason as feedback on the unit; the
            reopen is recorded in the audit trail.
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={3}
            maxLength={5000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          {error !== null && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button loading={busy} disabled={reason.trim() === ''} onClick={() => void reopen()}>
              Reopen the unit
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
