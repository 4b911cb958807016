import { Badge, Button, Table, Text } from '@mantine/core';

import type { WebhookDelivery } from '../../api/types';
import { formatDateTime } from '../format';

const STATUS_COLOURS: Record<WebhookDelivery['status'], string> = {
  pending: 'yellow',
  sending: 'blue',
  succeeded: 'green',
  failed: 'red',
};

interface DeliveriesTableProps {
  deliveries: WebhookDelivery[];
  caption: string;
  busy: number | null;
  onResend: (delivery: WebhookDelivery) => void;
}

/** One endpoint's latest deliveries: their state, attempts and last error, with "Resend". */
export function DeliveriesTable({ deliveries, caption, busy, onResend }: DeliveriesTableProps) {
  if (deliveries.length === 0) return <Text size="sm">No deliveries yet: they appear when a chosen event happens.</Text>;
  return (
    <Table striped withTableBorder>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Event</Table.Th>
          <Table.Th scope="col">Created</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Attempts</Table.Th>
          <Table.Th scope="col">Last error / next attempt</Table.Th>
          <Table.Th scope="col">Action</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.map((delivery) => (
          <Table.Tr key={delivery.id}>
            <Table.Td>{delivery.event}</Table.Td>
            <Table.Td>{formatDateTime(delivery.created_at)}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOURS[delivery.status]} variant="light" c="dark.8">
                {delivery.status}
              </Badge>
            </Table.Td>
            <Table.Td>{delivery.attempts}</Table.Td>
            <Table.Td>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {delivery.last_error || '—'}
                {delivery.status === 'pending' && delivery.next_attempt_at !== null && delivery.attempts > 0
                  ? ` (next try ${formatDateTime(delivery.next_attempt_at)})`
                  : ''}
              </Text>
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="default"
                loading={busy === delivery.id}
                onClick={() => onResend(delivery)}
                aria-label={`Resend the ${delivery.event} delivery of ${formatDateTime(delivery.created_at)}`}
              >
                Resend
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
