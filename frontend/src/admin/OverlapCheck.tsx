import { Alert, Button, Checkbox, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { fillRoundOverlap, getRoundOverlap, setAutoReassign } from '../api/client';
import type { RoundOverlap } from '../api/types';
import { formErrors } from './fieldErrors';
import { useLoad } from './useLoad';

function unitName(unit: RoundOverlap['short_units'][number]): string {
  return unit.name ? `${unit.document}, “${unit.name}”` : unit.document;
}

/** Units a pause or a removal left with fewer people than the round's overlap
 * (docs/rounds.md, "Keeping the overlap"): the admin gives them to annotators of the round
 * who have not seen them, or lets the round do so by itself from now on. */
export function OverlapCheck({ roundId, onChanged }: { roundId: number; onChanged: () => void }) {
  const { state, reload } = useLoad(`overlap:${roundId}`, (signal) => getRoundOverlap(roundId, signal));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The last answer stays on screen while a reload runs, so the outcome of a click is never
  // hidden by the refetch it causes.
  const [shown, setShown] = useState<RoundOverlap | null>(null);
  if (state.status === 'ready' && state.data !== shown) setShown(state.data);
  const overlap = state.status === 'ready' ? state.data : shown;
  if (overlap === null) return null;

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setError(null);
    try {
      setMessage(await action());
      reload();
      onChanged();
    } catch (failure) {
      setError(formErrors(failure).general ?? 'That did not work; try again.');
    } finally {
      setBusy(false);
    }
  }

  const fill = () =>
    run(async () => {
      const done = await fillRoundOverlap(roundId);
      const left = done.unfillable_units.length;
      return (
        `${done.assignments} new assignment${done.assignments === 1 ? '' : 's'}; ${done.units} unit${done.units === 1 ? '' : 's'} back to ${overlap.overlap} people.` +
        (left ? ` ${left} unit${left === 1 ? '' : 's'} stay short: every active linguist of the round has seen them.` : '')
      );
    });
  const toggle = (on: boolean) =>
    run(async () => {
      await setAutoReassign(roundId, on);
      return on
        ? 'Short units now go to another linguist as soon as someone is paused or removed.'
        : 'Short units now wait for you.';
    });

  const short = overlap.short_units;
  return (
    <Stack gap="xs">
      {short.length > 0 && (
        <Alert color="yellow" title={`${short.length} unit${short.length === 1 ? '' : 's'} below the overlap of ${overlap.overlap}`}>
          <Stack gap="xs">
            <Text size="sm">
              A pause or a removal left these units with fewer linguists than the round asks for. Giving them to linguists
              of the round who have not seen them keeps the overlap exact.
            </Text>
            <List size="sm">
              {short.slice(0, 10).map((unit) => (
                <List.Item key={unit.topic}>
                  {unitName(unit)}: {unit.holders} of {overlap.overlap}
                </List.Item>
              ))}
              {short.length > 10 && <List.Item>and {short.length - 10} more</List.Item>}
            </List>
            <Group>
              <Button onClick={() => void fill()} loading={busy}>
                Give them to other linguists
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Checkbox
        label="Reassign short units automatically when a linguist is paused or removed"
        checked={overlap.auto_reassign}
        disabled={busy}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      <div role="status" aria-live="polite">
        {message !== null && <Text size="sm">{message}</Text>}
      </div>
      {error !== null && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
