/**
 * The kit's card-payment form: the payment provider's own card element (Stripe Elements, in the
 * provider's frame, so card numbers never pass through this app) and a pay button. The provider turns
 * the card into a single-use token, which goes to onToken. When the answer carries a client secret (the
 * card needs the bank's authentication, 3-D Secure), Stripe.js shows the bank's step (handleNextAction)
 * before onPaid is called. Stripe.js is loaded from settings.js_url
 * (js.stripe.com in production; the provider's stand-in in tests); without payment settings the form
 * says card payments are not configured.
 */
import { PAYMENT_MSG, type PaymentSettings } from '@dd/shared';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

interface CardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): CardElement };
  createToken(card: CardElement): Promise<{ token?: { id: string }; error?: { message?: string } }>;
  handleNextAction?(options: { clientSecret: string }): Promise<Authentication>;
  confirmCardPayment?(clientSecret: string): Promise<Authentication>;
}
type Authentication = { paymentIntent?: { status: string }; error?: { message?: string } };

/** The client secret of a payment that waits for the bank's authentication, if onToken answered one. */
const clientSecretOf = (answer: unknown): string | undefined => {
  const secret = (answer as { client_secret?: unknown } | null | undefined)?.client_secret;
  return typeof secret === 'string' && secret ? secret : undefined;
};

/** Runs the bank's step (3-D Secure) in Stripe.js; throws the provider's words when it fails. */
async function authenticate(js: StripeJs, clientSecret: string): Promise<void> {
  const result = js.handleNextAction
    ? await js.handleNextAction({ clientSecret })
    : await js.confirmCardPayment?.(clientSecret);
  if (!result || result.error) throw new Error(result?.error?.message ?? PAYMENT_MSG.cardFailed);
}
type StripeFactory = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const LOAD_FAILED = 'The card form could not be loaded. Check your connection and try again.';
const scripts = new Map<string, Promise<StripeFactory>>();

/** Adds Stripe.js to the page once (as the provider requires: from its own address, never bundled). */
function loadStripeJs(url: string): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<StripeFactory>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error(LOAD_FAILED)));
      script.onerror = () => {
        scripts.delete(url);
        script.remove();
        reject(new Error(LOAD_FAILED));
      };
      document.head.appendChild(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

export interface PaymentFormProps {
  settings: PaymentSettings;
  /**
   * Receives the card token, e.g. to create the subscription; a thrown error is shown above the button.
   * An answer with a `client_secret` (a card payment needing 3-D Secure) is authenticated first.
   */
  onToken: (token: string) => unknown | Promise<unknown>;
  /** Called once the payment is sent and, where the bank asked for it, authenticated. */
  onPaid?: () => void;
  /** @default 'Submit Payment' */
  submitLabel?: string;
}

export function PaymentForm({ settings, onToken, onPaid, submitLabel = 'Submit Payment' }: PaymentFormProps) {
  const box = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const [stripe, setStripe] = useState<{ js: StripeJs; card: CardElement } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const jsUrl = settings?.js_url;
  const key = settings?.publishable_key;

  useEffect(() => {
    if (!jsUrl || !key) return;
    let card: CardElement | undefined;
    let cancelled = false;
    loadStripeJs(jsUrl)
      .then((Stripe) => {
        if (cancelled || !box.current) return;
        const js = Stripe(key);
        card = js.elements().create('card', { hidePostalCode: true });
        card.mount(box.current);
        setStripe({ js, card });
      })
      .catch((e: Error) => setError(e.message));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [jsUrl, key]);

  if (!settings) {
    return (
      <Alert color="yellow" variant="light" title={PAYMENT_MSG.notConfigured}>
        Please contact Direct Docs to pay another way.
      </Alert>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.js.createToken(stripe.card);
      if (!result.token) throw new Error(result.error?.message ?? PAYMENT_MSG.cardFailed);
      const answer = await onToken(result.token.id);
      const clientSecret = clientSecretOf(answer);
      if (clientSecret) await authenticate(stripe.js, clientSecret);
      onPaid?.();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Card payment" noValidate>
      <Stack gap="sm">
        <div role="group" aria-labelledby={labelId}>
          <Text id={labelId} size="sm" fw={500} mb={4}>
            Card details
          </Text>
          <Paper withBorder radius="sm" px="sm" py={9} mih={38}>
            <div ref={box} />
          </Paper>
          <Text size="xs" c="dimmed" mt={4}>
            <IconLock size={12} style={{ verticalAlign: -1 }} /> Your card is sent straight to our payment
            provider; Direct Docs never sees its number.
          </Text>
        </div>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} disabled={!stripe}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
