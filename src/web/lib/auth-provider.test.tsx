import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../shared/constants.ts';
import type { UserSync } from '../../shared/schemas/user.schema.ts';
import { AuthProvider, useAuth } from './auth-provider.tsx';
import { server } from '../../../tests/support/msw.ts';
import { accessTokenWith } from '../../../tests/support/auth-state.ts';

// The session check of every page load (spec section 4): the identity session, then the user
// sync (PUT /api/user/{email}) that issues the access token.

const SESSION_ID = 'session-1';
const user = { id: 'user-1', name: 'Asha Grower', email: 'asha@example.test', image: null };

/** A token for this test's user unless `claims` say otherwise. */
const token = (claims: { sid: string; email?: string; exp?: number }) =>
  accessTokenWith({ email: user.email, ...claims });

let answerSync: (token: string) => void;
beforeEach(() => {
  localStorage.clear();
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json({ session: { id: SESSION_ID }, user })),
    // The sync answers when the test says so (answerSync).
    http.put<{ email: string }, UserSync, { token: string }>(
      '/api/user/:email',
      () => new Promise((resolve) => (answerSync = (fresh) => resolve(HttpResponse.json({ token: fresh })))),
    ),
    http.get<{ email: string }, never, { admin: boolean }>('/api/admin/:email', () =>
      HttpResponse.json({ admin: false }),
    ),
  );
});

function Who() {
  const { loading, account } = useAuth();
  return <p>{loading ? 'checking' : (account?.email ?? 'signed out')}</p>;
}

async function untilSyncAsked() {
  await vi.waitFor(() => expect(answerSync).toBeTypeOf('function'));
}

describe('AuthProvider', () => {
  beforeEach(() => {
    answerSync = undefined as unknown as typeof answerSync;
  });

  it('signs in at once when the stored token belongs to this session, and then stores the fresh one', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, token({ sid: SESSION_ID }));
    render(
      <AuthProvider>
        <Who />
      </AuthProvider>,
    );
    // The sync has not answered, yet the account is known.
    expect(await screen.findByText(user.email)).toBeInTheDocument();
    await untilSyncAsked();
    answerSync('fresh-token');
    await vi.waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh-token'));
  });

  for (const [why, stored] of [
    ['another session', () => token({ sid: 'session-0' })],
    ['another account', () => token({ sid: SESSION_ID, email: 'someone@example.test' })],
    ['an expiring token', () => token({ sid: SESSION_ID, exp: Math.floor(Date.now() / 1000) + 30 })],
    ['a malformed token', () => 'not-a-token'],
  ] as const) {
    it(`waits for the sync when the stored token is from ${why}`, async () => {
      localStorage.setItem(ACCESS_TOKEN_KEY, stored());
      render(
        <AuthProvider>
          <Who />
        </AuthProvider>,
      );
      await untilSyncAsked();
      expect(screen.getByText('checking')).toBeInTheDocument();
      answerSync('fresh-token');
      expect(await screen.findByText(user.email)).toBeInTheDocument();
      expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh-token');
    });
  }
});
