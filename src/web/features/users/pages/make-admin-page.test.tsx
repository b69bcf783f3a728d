import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import type { User } from '../../../../shared/schemas/user.schema.ts';
import MakeAdminPage from './make-admin-page.tsx';
import { pagedAnswer } from '../../../../../tests/support/paged-answer.ts';
import { renderPage } from '../../../../../tests/support/render-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));

const makeUser = (n: number): User => ({
  _id: `user-${n}`,
  name: `Grower ${n}`,
  email: `grower${n}@example.test`,
  role: n === 1 ? 'admin' : 'user',
  avatar: '',
  phone: '',
  address: '',
  linkedIn: '',
  facebook: '',
});

// A stand-in for GET /api/users, paged like the server (docs/decisions/007), and the promote call.
let users: User[];
let pageSize: number;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
  pageSize = 2;
  users = [1, 2, 3].map(makeUser);
  fetchMock = vi.fn(async (input: string, init: RequestInit) => {
    const url = new URL(input, window.location.origin);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (init.method === 'PUT') {
      const email = decodeURIComponent(url.pathname.split('/').pop()!);
      users = users.map((user) => (user.email === email ? { ...user, role: 'admin' } : user));
      return json({ modifiedCount: 1 });
    }
    return pagedAnswer(url, users, pageSize);
  });
  vi.stubGlobal('fetch', fetchMock);
  toastMock.success.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const userRows = () => screen.queryAllByRole('row').slice(1);
const loadMore = () => screen.queryByRole('button', { name: /load more/i });

describe('Make Admin', () => {
  it('shows Load more only with a next page, appends it and numbers on', async () => {
    const user = userEvent.setup();
    renderPage(<MakeAdminPage />, '/dashboard/makeAdmin');
    await waitFor(() => expect(userRows()).toHaveLength(2));
    await user.click(loadMore()!);
    await waitFor(() => expect(userRows()).toHaveLength(3));
    const third = userRows()[2]!;
    expect(within(third).getByRole('rowheader')).toHaveTextContent('3');
    expect(third).toHaveTextContent('Grower 3');
    expect(loadMore()).toBeNull();
    expect(String(fetchMock.mock.calls[1]![0])).toBe('/api/users?limit=2&offset=2');
  });

  it('shows no Load more when all users fit on the first page', async () => {
    pageSize = 100;
    renderPage(<MakeAdminPage />, '/dashboard/makeAdmin');
    await waitFor(() => expect(userRows()).toHaveLength(3));
    expect(loadMore()).toBeNull();
  });

  it('promotes a user from a later page and reloads the loaded pages', async () => {
    const user = userEvent.setup();
    renderPage(<MakeAdminPage />, '/dashboard/makeAdmin');
    await waitFor(() => expect(userRows()).toHaveLength(2));
    await user.click(loadMore()!);
    await waitFor(() => expect(userRows()).toHaveLength(3));
    await user.click(within(userRows()[2]!).getByRole('button', { name: 'Make Admin' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.userPromoted));
    await waitFor(() => expect(within(userRows()[2]!).getByText('Admin')).toBeInTheDocument());
    expect(userRows()).toHaveLength(3);
  });

  it('goes home on a 403', async () => {
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Administrators only' } }), {
          status: 403,
        }),
    );
    const router = renderPage(<MakeAdminPage />, '/dashboard/makeAdmin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
