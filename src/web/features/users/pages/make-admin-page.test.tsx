import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import type { User } from '../../../../shared/schemas/user.schema.ts';
import MakeAdminPage from './make-admin-page.tsx';
import { apiError, pagedJson, pathOf, sent, server } from '../../../../../tests/support/msw.ts';
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

// GET /api/users paged like the server (docs/decisions/007), and the promote call.
let users: User[];
let pageSize: number;
beforeEach(() => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
  pageSize = 2;
  users = [1, 2, 3].map(makeUser);
  server.use(
    http.get<never, never, User[]>('/api/users', ({ request }) => pagedJson(request, users, pageSize)),
    http.put<{ email: string }, never, { modifiedCount: number }>('/api/user/admin/:email', ({ params }) => {
      users = users.map((user) => (user.email === params.email ? { ...user, role: 'admin' } : user));
      return HttpResponse.json({ modifiedCount: 1 });
    }),
  );
  toastMock.success.mockReset();
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
    expect(sent.map(pathOf)).toEqual(['/api/users', '/api/users?limit=2&offset=2']);
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer token-1');
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
    server.use(http.get('/api/users', () => apiError(403, 'FORBIDDEN', 'Administrators only')));
    const router = renderPage(<MakeAdminPage />, '/dashboard/makeAdmin');
    await waitFor(() => expect(router.pathname).toBe('/'));
  });
});
