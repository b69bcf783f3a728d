import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVATAR_URL } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';
import type { ReviewInput } from '../../../../shared/schemas/review.schema.ts';
import AddReviewPage from './add-review-page.tsx';
import { customer, signIn } from '../../../../../tests/support/auth-state.ts';
import { bodyOf, pathOf, sent, server } from '../../../../../tests/support/msw.ts';
import { renderPage } from '../../../../../tests/support/render-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));
vi.mock('../../../lib/auth-provider.tsx', async () => ({
  useAuth: (await import('../../../../../tests/support/auth-state.ts')).useFakeAuth,
}));

beforeEach(() => {
  signIn();
  server.use(
    http.post<never, ReviewInput, { insertedId: string }>('/api/review', () =>
      HttpResponse.json({ insertedId: '55555555-5555-4555-8555-555555555555' }, { status: 201 }),
    ),
  );
  toastMock.success.mockReset();
  toastMock.error.mockReset();
});

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
    expect(sent).toHaveLength(0);
  });

  it('asks for a rating of at least 1 and a comment when both are empty', async () => {
    const user = userEvent.setup();
    renderPage(<AddReviewPage />);
    await user.type(screen.getByLabelText('Rating'), '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.ratingRange)).toBeInTheDocument();
    expect(screen.getByText(messages.commentTooLong)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("sends the spec's payload (name, avatar, message, rating), thanks the customer and goes home", async () => {
    const user = userEvent.setup();
    const router = renderPage(<AddReviewPage />);
    await user.type(screen.getByLabelText('Rating'), '5');
    await user.type(screen.getByLabelText('Comment'), 'Sharp blades, strong handles.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.pathname).toBe('/home'));
    expect(sent.map(pathOf)).toEqual(['/api/review']);
    // No photo on the account: the generic blank image, as in the user sync (section 3).
    expect(await bodyOf(sent[0]!)).toEqual({
      name: 'Amina Rahman',
      avatar: DEFAULT_AVATAR_URL,
      message: 'Sharp blades, strong handles.',
      rating: 5,
    });
    expect(toastMock.success).toHaveBeenCalledWith(messages.reviewAdded);
  });

  it("sends the account's photo as the avatar when it has one", async () => {
    signIn({ ...customer, photoURL: 'https://lh3.googleusercontent.com/a/photo.jpg' });
    const user = userEvent.setup();
    renderPage(<AddReviewPage />);
    await user.type(screen.getByLabelText('Rating'), '4');
    await user.type(screen.getByLabelText('Comment'), 'Good.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await bodyOf(sent[0]!)).toMatchObject({
      name: 'Amina Rahman',
      avatar: 'https://lh3.googleusercontent.com/a/photo.jpg',
    });
  });
});
