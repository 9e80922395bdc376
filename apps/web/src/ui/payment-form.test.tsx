import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test';
import {
  CARD_MESSAGES,
  formatCardNumber,
  formatExpiry,
  isExpiryInFuture,
  isValidCardNumber,
  parseExpiry,
} from './card-validation';
import { PaymentForm } from './payment-form';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

async function fill(number: string, expiry: string, cvc = '123') {
  await userEvent.type(screen.getByLabelText(/Name on Card/), 'Ann Lee');
  await userEvent.type(screen.getByLabelText(/Card Number/), number);
  await userEvent.type(screen.getByLabelText(/Expiry/), expiry);
  await userEvent.type(screen.getByLabelText(/CVC/), cvc);
  await userEvent.click(screen.getByRole('button', { name: 'Submit Payment' }));
}

describe('PaymentForm', () => {
  it('tokenizes valid details and hands the token on', async () => {
    const tokenize = vi.fn(async () => 'tok_123');
    const onToken = vi.fn();
    renderWithProviders(<PaymentForm tokenize={tokenize} onToken={onToken} />);
    await fill('4242424242424242', `12${nextYear}`);
    expect(screen.getByLabelText(/Card Number/)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(/Expiry/)).toHaveValue(`12/${nextYear}`);
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('tok_123'));
    expect(tokenize).toHaveBeenCalledWith({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2000 + Number(nextYear),
      cvc: '123',
      name: 'Ann Lee',
    });
  });

  it('rejects a number that fails the Luhn check and an expired card', async () => {
    const tokenize = vi.fn();
    renderWithProviders(<PaymentForm tokenize={tokenize} onToken={vi.fn()} />);
    await fill('4242424242424241', '0120', '12');
    expect(screen.getByText(CARD_MESSAGES.number)).toBeInTheDocument();
    expect(screen.getByText(CARD_MESSAGES.expired)).toBeInTheDocument();
    expect(screen.getByText(CARD_MESSAGES.cvc)).toBeInTheDocument();
    expect(tokenize).not.toHaveBeenCalled();
  });

  it('requires every field', async () => {
    renderWithProviders(<PaymentForm tokenize={vi.fn()} onToken={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(
      screen.getByText('The field Card Number must be filled out to submit the form.'),
    ).toBeInTheDocument();
  });

  it('shows a tokenizer failure above the button', async () => {
    const tokenize = vi.fn(async () => {
      throw new Error('Your card was declined.');
    });
    renderWithProviders(<PaymentForm tokenize={tokenize} onToken={vi.fn()} />);
    await fill('4242424242424242', `12${nextYear}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
  });
});

describe('card validation', () => {
  it('Luhn', () => {
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('5555555555554444')).toBe(true);
    expect(isValidCardNumber('4242424242424241')).toBe(false);
    expect(isValidCardNumber('4242x42424242424')).toBe(false);
  });

  it('expiry', () => {
    const now = new Date(2026, 4, 15);
    expect(parseExpiry('13/30')).toBeUndefined();
    expect(isExpiryInFuture(parseExpiry('05/26')!, now)).toBe(true);
    expect(isExpiryInFuture(parseExpiry('04/26')!, now)).toBe(false);
    expect(isExpiryInFuture(parseExpiry('01/27')!, now)).toBe(true);
  });

  it('formatting as typed', () => {
    expect(formatCardNumber('42424242424242424')).toBe('4242 4242 4242 4242 4');
    expect(formatExpiry('1229')).toBe('12/29');
    expect(formatExpiry('1')).toBe('1');
  });
});
