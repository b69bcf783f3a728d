import Provider from 'oidc-provider';

/**
 * A local OpenID Connect provider standing in for Google in the browser tests.
 * The app under test gets GOOGLE_ISSUER=http://127.0.0.1:3101 and the client below.
 * oidc-provider's development interactions show a login form where any login name works
 * (and any password); the login becomes the account's email when it contains an '@'.
 *
 * Run: npx tsx tests/support/oidc-provider.ts  (playwright.config.ts starts it).
 */
export const OIDC_PORT = Number(process.env.OIDC_PORT ?? 3101);
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const OIDC_CLIENT = {
  clientId: process.env.OIDC_CLIENT_ID ?? 'agritools-e2e',
  clientSecret: process.env.OIDC_CLIENT_SECRET ?? 'agritools-e2e-secret-not-for-production',
};
const APP_URL = process.env.OIDC_APP_URL ?? 'http://localhost:3100';

/** The claims a login name maps to: 'ana@example.test' → Ana's email, name and picture. */
export function claimsFor(login: string) {
  const email = login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@example.test`;
  const local = email.split('@')[0] ?? 'user';
  const name = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
  return {
    email,
    email_verified: true,
    name: name || 'Google User',
    picture: `${APP_URL}/images/avatars/avatar-3.svg`,
  };
}

function createProvider() {
  return new Provider(OIDC_ISSUER, {
    clients: [
      {
        client_id: OIDC_CLIENT.clientId,
        client_secret: OIDC_CLIENT.clientSecret,
        redirect_uris: [`${APP_URL}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    // Put the claims in the ID token itself, as Google does.
    conformIdTokenClaims: false,
    cookies: { keys: ['agritools-e2e-oidc-cookie-key'] },
    // The login name typed in the development form is the account id (and so `sub`).
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: () => ({ ...claimsFor(id), sub: id }) };
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const provider = createProvider();
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error));
  provider.listen(OIDC_PORT, '127.0.0.1', () => {
    console.log(`OIDC provider listening on ${OIDC_ISSUER}`);
  });
}
