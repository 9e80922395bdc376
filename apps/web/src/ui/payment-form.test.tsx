import { PAYMENT_MSG } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test';
import { PaymentForm } from './payment-form';

/** Stripe.js is the provider's script (never ours to test): a small fake of its card element stands in. */
type Authentication = { paymentIntent?: { status: string }; error?: { message: string } };
const handleNextAction = vi.fn(
  async (_: { clientSecret: string }): Promise<Authentication> => ({
    paymentIntent: { status: 'succeeded' },
  }),
);

function fakeStripe(answer: { token?: { id: string }; error?: { message: string } }) {
  const createToken = vi.fn(async () => answer);
  window.Stripe = (key: string) => {
    expect(key).toBe('pk_test_1');
    return {
      elements: () => ({
        create: () => ({
          mount: (el: HTMLElement) => {
            el.innerHTML = '<input aria-label="Card number" />';
          },
          destroy: () => undefined,
        }),
      }),
      createToken,
      handleNextAction,
    };
  };
  return createToken;
}

const settings = { publishable_key: 'pk_test_1', js_url: 'https://js.example/v3/', listing_plan_id: null };

afterEach(() => {
  delete window.Stripe;
});

describe('PaymentForm', () => {
  it("mounts the provider's card element and hands the card token on", async () => {
    fakeStripe({ token: { id: 'tok_123' } });
    const onToken = vi.fn();
    renderWithProviders(<PaymentForm settings={settings} onToken={onToken} submitLabel="Pay $40.00" />);
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $40.00' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('tok_123'));
  });

  it("shows the provider's refusal and what onToken throws, and lets the user try again", async () => {
    const createToken = fakeStripe({ error: { message: 'Your card number is incorrect.' } });
    const onToken = vi.fn(async () => {
      throw new Error('Your card was declined.');
    });
    renderWithProviders(<PaymentForm settings={settings} onToken={onToken} />);
    await screen.findByRole('textbox', { name: 'Card number' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incorrect.');
    createToken.mockResolvedValueOnce({ token: { id: 'tok_9' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Payment' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your card was declined.'));
  });

  it("completes the bank's authentication (3-D Secure) with the client secret before it reports the payment", async () => {
    fakeStripe({ token: { id: 'tok_3ds' } });
    const onPaid = vi.fn();
    const onToken = vi.fn(async () => ({ status: 'pending', client_secret: 'pi_1_secret_2' }));
    renderWithProviders(<PaymentForm settings={settings} onToken={onToken} onPaid={onPaid} />);
    await screen.findByRole('textbox', { name: 'Card number' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Payment' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledOnce());
    expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });

    // The bank refuses: the provider's words are shown, nothing is reported, another try is possible.
    onPaid.mockClear();
    handleNextAction.mockResolvedValueOnce({
      error: { message: 'We are unable to authenticate your card.' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We are unable to authenticate your card.');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('says card payments are not configured without payment settings', () => {
    renderWithProviders(<PaymentForm settings={null} onToken={vi.fn()} />);
    expect(screen.getByText(PAYMENT_MSG.notConfigured)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
