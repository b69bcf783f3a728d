import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { bnMessages as bn } from '../../../../shared/messages.bn.ts';
import { bnShellMessages } from '../../../../shared/messages/shell.bn.ts';
import { loadPageWords, setLocale } from '../../../lib/i18n.ts';
import type { ProfileUpdate, User } from '../../../../shared/schemas/user.schema.ts';
import { UpdateProfileModal } from './update-profile-modal.tsx';
import { customer } from '../../../../../tests/support/auth-state.ts';
import { bodyOf, pathOf, sent, server } from '../../../../../tests/support/msw.ts';
import { renderPage } from '../../../../../tests/support/render-page.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toastMock }));

beforeEach(() => {
  server.use(
    http.put<{ id: string }, ProfileUpdate, { acknowledged: boolean }>('/api/user/profile/:id', () =>
      HttpResponse.json({ acknowledged: true }),
    ),
  );
  toastMock.success.mockReset();
});

const onClose = vi.fn();
const openModal = () =>
  renderPage(<UpdateProfileModal open onClose={onClose} account={customer} profile={null} />);

describe('Update Profile', () => {
  it("labels every box in the page's language, Bengali too", async () => {
    setLocale('bn', bnShellMessages);
    await loadPageWords();
    try {
      openModal();
      for (const label of [bn.phone, bn.address, bn.linkedInLink, bn.facebookLink])
        expect(screen.getByLabelText(label)).toBeInTheDocument();
    } finally {
      setLocale('en');
    }
  });

  it('refuses a link that is not http(s), with the shared schema’s message, and sends nothing', async () => {
    const user = userEvent.setup();
    openModal();
    await user.type(screen.getByLabelText(messages.linkedInLink), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: messages.submit }));
    expect(await screen.findByText('Must be an http(s) URL')).toBeInTheDocument();
    expect(screen.getByLabelText(messages.linkedInLink)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('sends a link typed without its scheme as https, and says Profile Updated', async () => {
    const user = userEvent.setup();
    openModal();
    await user.type(screen.getByLabelText(messages.facebookLink), 'facebook.com/amina');
    await user.type(screen.getByLabelText(messages.phone), '01712345678');
    await user.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.profileUpdated));
    expect(sent.map(pathOf)).toEqual([`/api/user/profile/${customer.id}`]);
    expect(await bodyOf(sent[0]!)).toEqual({
      phone: '01712345678',
      address: '',
      linkedIn: '',
      facebook: 'https://facebook.com/amina',
    });
  });

  it('opens with the stored profile, keeps what is typed at once, and shows the stored profile again after a close', async () => {
    const stored: User = {
      _id: customer.id,
      name: customer.displayName,
      email: customer.email,
      role: 'customer',
      avatar: '',
      phone: '01812345678',
      address: 'Old Road 1',
      linkedIn: '',
      facebook: '',
    };
    // The profile page: the dialog mounted closed, opened by a button, closed by the page.
    function ProfileHarness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Edit
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Put away
          </button>
          <UpdateProfileModal
            open={open}
            onClose={() => setOpen(false)}
            account={customer}
            profile={stored}
          />
        </>
      );
    }
    const user = userEvent.setup();
    renderPage(<ProfileHarness />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText(messages.phone)).toHaveValue('01812345678');
    await user.clear(screen.getByLabelText(messages.address));
    await user.type(screen.getByLabelText(messages.address), '12 Mill Road');
    await user.click(screen.getByRole('button', { name: 'Put away' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText(messages.address)).toHaveValue('Old Road 1');

    await user.clear(screen.getByLabelText(messages.address));
    await user.type(screen.getByLabelText(messages.address), '12 Mill Road, Bogura');
    await user.click(screen.getByRole('button', { name: messages.submit }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith(messages.profileUpdated));
    expect(await bodyOf(sent[0]!)).toMatchObject({ phone: '01812345678', address: '12 Mill Road, Bogura' });
  });
});
