/**
 * Card-payment form. Details are checked locally (Luhn, expiry in the future, CVC) and then exchanged
 * for an opaque token by the injected `tokenize` function: no card payment provider is reachable from
 * this app, so the caller supplies the provider's tokenizer (or a fake in tests). The token goes to onToken.
 */
import { Group } from '@mantine/core';
import {
  CARD_MESSAGES,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  isExpiryInFuture,
  isValidCardNumber,
  isValidCvc,
  parseExpiry,
} from './card-validation';
import { Form } from './form';
import { TextField } from './text-fields';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export interface PaymentFormProps {
  /** Exchanges card details for an opaque payment token (injected; see the module comment). */
  tokenize: (card: CardDetails) => Promise<string>;
  /** Receives the token, e.g. to create the subscription; a thrown error is shown above the button. */
  onToken: (token: string) => unknown | Promise<unknown>;
  /** @default 'Submit Payment' */
  submitLabel?: string;
}

interface CardValues {
  name?: string;
  number?: string;
  expiry?: string;
  cvc?: string;
}

const checkNumber = (value: string | undefined) =>
  value && !isValidCardNumber(value) ? CARD_MESSAGES.number : undefined;

function checkExpiry(value: string | undefined) {
  if (!value) return undefined;
  const expiry = parseExpiry(value);
  if (!expiry) return CARD_MESSAGES.expiryFormat;
  return isExpiryInFuture(expiry) ? undefined : CARD_MESSAGES.expired;
}

const checkCvc = (value: string | undefined) => (value && !isValidCvc(value) ? CARD_MESSAGES.cvc : undefined);

export function PaymentForm({ tokenize, onToken, submitLabel = 'Submit Payment' }: PaymentFormProps) {
  const submit = async (values: CardValues) => {
    const expiry = parseExpiry(values.expiry ?? '');
    if (!expiry) throw new Error(CARD_MESSAGES.expiryFormat);
    const token = await tokenize({
      number: digitsOnly(values.number ?? ''),
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc: (values.cvc ?? '').trim(),
      name: (values.name ?? '').trim(),
    });
    await onToken(token);
    return { token };
  };

  return (
    <Form<CardValues> onSubmit={submit} submitLabel={submitLabel} aria-label="Card payment">
      <TextField name="name" label="Name on Card" required autoComplete="cc-name" />
      <TextField
        name="number"
        label="Card Number"
        required
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 5678 9012 3456"
        formatInput={formatCardNumber}
        validate={checkNumber}
      />
      <Group grow align="flex-start">
        <TextField
          name="expiry"
          label="Expiry (MM/YY)"
          required
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          formatInput={formatExpiry}
          validate={checkExpiry}
        />
        <TextField
          name="cvc"
          label="CVC"
          required
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          validate={checkCvc}
        />
      </Group>
    </Form>
  );
}
