import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../shared/messages.ts';
import { PlaceOrderForm } from './place-order-form.tsx';

const product = { stock: 10, minOrder: 3 };

function renderForm(onSubmit = vi.fn()) {
  render(
    <PlaceOrderForm product={product} name="Rahim Uddin" email="rahim@example.test" onSubmit={onSubmit} />,
  );
  return {
    onSubmit,
    quantity: screen.getByLabelText('Quantity'),
    phone: screen.getByLabelText('Phone'),
    address: screen.getByLabelText('Address'),
    submit: screen.getByRole('button', { name: 'Place Order' }),
  };
}

describe('PlaceOrderForm', () => {
  it('shows name and email read-only and starts the quantity at 0 with max stock + 1', () => {
    const { quantity } = renderForm();
    expect(screen.getByLabelText('Name')).toHaveValue('Rahim Uddin');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('rahim@example.test');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(quantity).toHaveValue(0);
    expect(quantity).toHaveAttribute('max', '11');
  });

  it('shows the quantity messages live and disables Place Order while either shows', async () => {
    const user = userEvent.setup();
    const { quantity, submit } = renderForm();
    expect(screen.getByText(messages.belowMinimumOrder)).toBeVisible();
    expect(submit).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '11');
    expect(screen.getByText(messages.outOfStock)).toBeVisible();
    expect(screen.queryByText(messages.belowMinimumOrder)).toBeNull();
    expect(submit).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.queryByText(messages.outOfStock)).toBeNull();
    expect(screen.queryByText(messages.belowMinimumOrder)).toBeNull();
    expect(submit).toBeEnabled();
  });

  it('asks for a phone, then for a valid one, and submits only a valid order', async () => {
    const user = userEvent.setup();
    const { quantity, phone, address, submit, onSubmit } = renderForm();
    await user.clear(quantity);
    await user.type(quantity, '4');
    // Sent as the server keeps it, without the spaces around it.
    await user.type(address, ' Village road, Bogura  ');

    await user.click(submit);
    expect(await screen.findByText(messages.phoneRequired)).toBeVisible();
    await user.type(phone, '12345');
    expect(await screen.findByText(messages.phonePattern)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(phone);
    await user.type(phone, '+8801712345678');
    await waitFor(() => expect(screen.queryByText(messages.phonePattern)).toBeNull());
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      phone: '+8801712345678',
      address: 'Village road, Bogura',
      quantity: 4,
    });
  });
});
