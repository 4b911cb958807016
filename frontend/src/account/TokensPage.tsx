import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';

import { createApiToken, getApiTokens, revokeApiToken } from '../api/client';
import type { ApiToken, ApiTokenScope, CreatedApiToken } from '../api/types';
// Shared with the admin screens: how a form shows the server's field errors and how dates read.
import { NO_ERRORS, fieldError, formErrors, type FormErrors } from '../admin/fieldErrors';
import { formatDateTime } from '../admin/format';

const SCOPES: { value: ApiTokenScope; label: string }[] = [
  { value: 'read', label: 'Read only (GET)' },
  { value: 'write', label: 'Read and write' },
];
const EXPIRIES = [7, 30, 90, 365].map((days) => ({ value: String(days), label: `${days} days` }));
const STATUS_COLOURS = { active: 'green', expired: 'gray', revoked: 'red' } as const;

function scopeLabel(scope: ApiTokenScope): string {
  return scope === 'read' ? 'Read only' : 'Read and write';
}

/** The new token's secret, shown this once with a copy button. */
function NewSecret({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label="The new token">
      <Stack gap="xs">
        <Text fw={600}>Token “{token.name}” is ready</Text>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Token"
            value={token.secret}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1 }}
            ff="monospace"
          />
          <CopyButton value={token.secret}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">
          Copy it now: it is shown only this once, and only its first characters are kept. Send it as{' '}
          <code>Authorization: Token …</code>. It expires {formatDateTime(token.expires_at)}.
        </Text>
        <Group>
          <Button variant="default" onClick={onDone}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [days, setDays] = useState('30');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const token = await createApiToken({ name: name.trim(), scope, expires_in_days: Number(days) });
      setName('');
      onCreated(token);
    } catch (failure) {
      setErrors(formErrors(failure));
    } finally {
      setBusy(false);
    }
  }

  const general = errors.general !== null && Object.keys(errors.fields).length === 0 ? errors.general : null;
  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Create a token">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Name"
          description="What it is for"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError(errors, 'name')}
          maxLength={100}
          required
          w={240}
        />
        <NativeSelect
          label="Access"
          description="Read only tokens may only GET"
          value={scope}
          onChange={(event) => setScope(event.currentTarget.value as ApiTokenScope)}
          data={SCOPES}
          error={fieldError(errors, 'scope')}
          w={200}
        />
        <NativeSelect
          label="Expires in"
          description="Then it stops working"
          value={days}
          onChange={(event) => setDays(event.currentTarget.value)}
          data={EXPIRIES}
          error={fieldError(errors, 'expires_in_days')}
          w={140}
        />
        <Button type="submit" loading={busy} mt={46}>
          Create token
        </Button>
      </Group>
      {general !== null && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {general}
        </Text>
      )}
    </form>
  );
}

function TokensTable({ tokens, onRevoke }: { tokens: ApiToken[]; onRevoke: (token: ApiToken) => void }) {
  if (tokens.length === 0) return <Text size="sm">You have no tokens yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-labelledby="tokens-heading" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Access</Table.Th>
            <Table.Th scope="col">Token</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">Expires</Table.Th>
            <Table.Th scope="col">Last used</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Th scope="row" fw={500}>
                {token.name}
              </Table.Th>
              <Table.Td>{scopeLabel(token.scope)}</Table.Td>
              <Table.Td ff="monospace">{token.hint}…</Table.Td>
              <Table.Td>{formatDateTime(token.created_at)}</Table.Td>
              <Table.Td>{formatDateTime(token.expires_at)}</Table.Td>
              <Table.Td>{token.last_used_at === null ? 'Never' : formatDateTime(token.last_used_at)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[token.status]} variant="light" c="dark.8">
                  {token.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {token.status === 'active' && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`Revoke ${token.name}`}
                    onClick={() => onRevoke(token)}
                  >
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Personal API tokens for scripts (docs/api/tokens.md): make one, copy its secret once,
 * see when each was last used, revoke one after confirming. */
export function TokensPage() {
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setTokens(await getApiTokens(signal));
      setLoadError(null);
    } catch (failure) {
      if (signal?.aborted) return;
      setLoadError(formErrors(failure).general ?? 'Could not load your tokens.');
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function revoke() {
    if (revoking === null) return;
    setRevokeBusy(true);
    setRevokeError(null);
    try {
      await revokeApiToken(revoking.id);
      setRevoking(null);
      await load();
    } catch (failure) {
      setRevokeError(formErrors(failure).general ?? 'Could not revoke the token.');
    } finally {
      setRevokeBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Title order={2}>API tokens</Title>
      <Text size="sm">
        Scripts and tools call the API with a token instead of your password. A token can do what you can do (or
        only read), until it expires or you revoke it.
      </Text>
      <CreateTokenForm
        onCreated={(token) => {
          setCreated(token);
          void load();
        }}
      />
      {created !== null && <NewSecret token={created} onDone={() => setCreated(null)} />}
      <Title order={3} id="tokens-heading">
        Your tokens
      </Title>
      {loadError !== null && (
        <Alert color="red" title="Could not load your tokens" role="alert">
          {loadError}
        </Alert>
      )}
      {tokens === null && loadError === null ? (
        <Text size="sm">Loading…</Text>
      ) : (
        tokens !== null && <TokensTable tokens={tokens} onRevoke={setRevoking} />
      )}
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        closeButtonProps={{ 'aria-label': 'Cancel revoking' }}
        title={revoking === null ? '' : `Revoke the token “${revoking.name}”?`}
      >
        <Stack gap="sm">
          <Text size="sm">Every request with it is refused from now on. This cannot be undone.</Text>
          {revokeError !== null && (
            <Text size="sm" c="red.8" role="alert">
              {revokeError}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button color="red.8" loading={revokeBusy} onClick={() => void revoke()}>
              Revoke token
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
