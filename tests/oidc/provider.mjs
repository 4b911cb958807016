// A real OpenID Connect provider for the sign-in tests (tests/e2e/test_oidc_sign_in.py):
// the certified `oidc-provider` package with its development sign-in form, one client, and
// two fixed accounts. Started by the test on 127.0.0.1; never used by the site itself.
//
//   OIDC_PORT=9123 OIDC_REDIRECT_URI=http://localhost:8000/accounts/oidc/callback/ \
//     node tests/oidc/provider.mjs
//
// Prints "listening <issuer>" once it accepts connections.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT ?? 9123);
const redirectUri = process.env.OIDC_REDIRECT_URI;
if (!redirectUri) {
  console.error('OIDC_REDIRECT_URI is required (the site\'s /accounts/oidc/callback/ URL)');
  process.exit(2);
}
const issuer = `http://127.0.0.1:${port}`;

// The development form signs in whoever types a login (any password): the login picks one of
// these accounts. One inside the lab's domain and group, one outside both.
const ACCOUNTS = {
  lena: {
    email: 'lena@lab.example',
    email_verified: true,
    preferred_username: 'lena.sso',
    name: 'Lena Single-Sign-On',
    given_name: 'Lena',
    family_name: 'Sso',
    groups: ['annotators'],
  },
  mallory: {
    email: 'mallory@elsewhere.example',
    email_verified: true,
    preferred_username: 'mallory',
    name: 'Mallory Outsider',
    given_name: 'Mallory',
    family_name: 'Outsider',
    groups: ['visitors'],
  },
};

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID ?? 'annotations',
      client_secret: process.env.OIDC_CLIENT_SECRET ?? 'test-secret',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name', 'preferred_username'],
    groups: ['groups'],
  },
  scopes: ['openid', 'email', 'profile', 'groups'],
  async findAccount(ctx, id) {
    const claims = ACCOUNTS[id];
    if (!claims) return undefined;
    return { accountId: id, async claims() { return { sub: id, ...claims }; } };
  },
  features: { devInteractions: { enabled: true } },
  pkce: { required: () => false },
  cookies: { keys: ['a-test-only-cookie-key'] },
});
// Unknown logins are refused by findAccount; say so instead of a stack trace.
provider.on('server_error', (ctx, error) => console.error('server_error', error));

provider.listen(port, '127.0.0.1', () => {
  console.log(`listening ${issuer}`);
});
