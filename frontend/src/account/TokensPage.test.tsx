import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { ApiToken, CreatedApiToken } from '../api/types';
import { answer } from '../test/answer';
import { fakeServer } from '../test/fakeServer';
import { errorResponse, renderWithProviders } from '../test/render';
import { TokensPage } from './TokensPage';

const TOKENS = '/api/me/tokens/';

function token(id: number, name: string, status: ApiToken['status'] = 'active'): ApiToken {
  return {
    id,
    name,
    scope: 'read',
    hint: 'fct_abcd',
    status,
    created_at: '2026-11-20T10:00:00Z',
    expires_at: '2026-12-20T10:00:00Z',
    last_used_at: null,
    revoked_at: status === 'revoked' ? '2026-11-21T10:00:00Z' : null,
  };
}

describe('the API tokens page', () => {
  it('creates a token with the keyboard and shows its secret once, with a copy button', async () => {
    const tokens: ApiToken[] = [];
    const { requests } = fakeServer({
      [`GET ${TOKENS}`]: () => answer('GET /api/me/tokens/', 200, [...tokens]),
      [`POST ${TOKENS}`]: (body) => {
        const made: CreatedApiToken = {
          ...token(5, (body as { name: string }).name),
          scope: 'write',
          secret: 'fct_the-whole-secret',
        };
        const { secret: _secret, ...listed } = made;
        tokens.push(listed);
        return answer('POST /api/me/tokens/', 201, made);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TokensPage />);
    expect(await screen.findByText('You have no tokens yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: /Name/ }));
    await user.keyboard('nightly export');
    await user.selectOptions(screen.getByRole('combobox', { name: /Access/ }), 'write');
    await user.selectOptions(screen.getByRole('combobox', { name: /Expires in/ }), '90');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Create token' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const shown = await screen.findByRole('group', { name: 'The new token' });
    expect(within(shown).getByRole('textbox', { name: 'Token' })).toHaveValue('fct_the-whole-secret');
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'nightly export',
      scope: 'write',
      expires_in_days: 90,
    });
    const table = await screen.findByRole('table', { name: 'Your tokens' });
    expect(within(table).getByRole('rowheader', { name: 'nightly export' })).toBeInTheDocument();
    // The list never carries the secret: once the note is dismissed it is gone from the page.
    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByDisplayValue('fct_the-whole-secret')).not.toBeInTheDocument();
  });

  it('names the field the server refuses', async () => {
    fakeServer({
      [`GET ${TOKENS}`]: () => answer('GET /api/me/tokens/', 200, []),
      [`POST ${TOKENS}`]: () =>
        errorResponse(400, {
          message: 'The request is not valid: see the field errors.',
          errors: { name: ['Name the token: what is it for?'] },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<TokensPage />);
    await user.type(await screen.findByRole('textbox', { name: /Name/ }), 'x{Enter}');
    expect(await screen.findByText('Name the token: what is it for?')).toBeInTheDocument();
  });

  it('revokes a token only after a confirmation', async () => {
    const tokens = [token(1, 'old script'), token(2, 'gone', 'revoked')];
    const { requests } = fakeServer({
      [`GET ${TOKENS}`]: () => answer('GET /api/me/tokens/', 200, [...tokens]),
      [`DELETE ${TOKENS}1/`]: () => {
        tokens[0] = token(1, 'old script', 'revoked');
        return answer('DELETE /api/me/tokens/{token_id}/', 204, null);
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<TokensPage />);
    // A revoked token offers nothing to revoke.
    expect(await screen.findByRole('button', { name: 'Revoke old script' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke gone' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke old script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the token “old script”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke old script' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke old script' })).not.toBeInTheDocument());
    expect(screen.getAllByText('revoked')).toHaveLength(2);
  });
});
