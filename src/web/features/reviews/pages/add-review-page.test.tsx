import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVATAR_URL } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import AddReviewPage from './add-review-page.tsx';
import { renderPage } from '../../../../../tests/support/render-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));
const accountMock = vi.hoisted(() => ({
  current: {
    id: 'u1',
    displayName: 'Amina Rahman',
    email: 'amina@example.test',
    photoURL: null as string | null,
  },
}));
vi.mock('../../../lib/auth-provider.tsx', () => ({
  useAuth: () => ({
    account: accountMock.current,
    loading: false,
    isAdmin: false,
    adminLoading: false,
    signOut: async () => undefined,
  }),
}));

let fetchMock: ReturnType<typeof vi.fn>;
let answer: { status: number; body: unknown };
beforeEach(() => {
  answer = { status: 201, body: { insertedId: '55555555-5555-4555-8555-555555555555' } };
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  toastMock.success.mockReset();
  toastMock.error.mockReset();
  accountMock.current.photoURL = null;
});
afterEach(() => vi.unstubAllGlobals());

const sentBody = () => JSON.parse(String((fetchMock.mock.calls[0]![1] as RequestInit).body)) as unknown;

describe('Write a Review', () => {
  it('shows the read-only name of the signed-in account', () => {
    renderPage(<AddReviewPage />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Amina Rahman');
    expect(name).toHaveAttribute('readonly');
  });

  it("shows the spec's two messages on bad input and sends nothing", async () => {
    const user = userEvent.setup();
    renderPage(<AddReviewPage />);
    await user.type(screen.getByLabelText('Rating'), '6');
    await user.click(screen.getByLabelText('Comment'));
    await user.paste('a'.repeat(151));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.ratingRange)).toBeInTheDocument();
    expect(screen.getByText(messages.commentTooLong)).toBeInTheDocument();
    expect(screen.getByLabelText('Rating')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a rating of at least 1 and a comment when both are empty', async () => {
    const user = userEvent.setup();
    renderPage(<AddReviewPage />);
    await user.type(screen.getByLabelText('Rating'), '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.ratingRange)).toBeInTheDocument();
    expect(screen.getByText(messages.commentTooLong)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the spec's payload (name, avatar, message, rating), thanks the customer and goes home", async () => {
    const user = userEvent.setup();
    const router = renderPage(<AddReviewPage />);
    await user.type(screen.getByLabelText('Rating'), '5');
    await user.type(screen.getByLabelText('Comment'), 'Sharp blades, strong handles.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/review');
    // No photo on the account: the generic blank image, as in the user sync (section 3).
    expect(sentBody()).toEqual({
      name: 'Amina Rahman',
      avatar: DEFAULT_AVATAR_URL,
      message: 'Sharp blades, strong handles.',
      rating: 5,
    });
    expect(toastMock.success).toHaveBeenCalledWith(messages.reviewAdded);
  });

  it("sends the account's photo as the avatar when it has one", async () => {
    accountMock.current.photoURL = 'https://lh3.googleusercontent.com/a/photo.jpg';
    const user = userEvent.setup();
    renderPage(<AddReviewPage />);
    await user.type(screen.getByLabelText('Rating'), '4');
    await user.type(screen.getByLabelText('Comment'), 'Good.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody()).toMatchObject({
      name: 'Amina Rahman',
      avatar: 'https://lh3.googleusercontent.com/a/photo.jpg',
    });
  });
});
