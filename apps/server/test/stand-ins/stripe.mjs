// A stand-in for the card payment provider (Stripe), which is unreachable here. It serves a small
// Stripe.js (a card element and createToken) and the API calls the product makes, checks each request
// the way the provider would (keys, known parameters, idempotency keys), and sends signed webhooks.
// Server tests start it in-process; the Playwright run starts it as a process (`node stripe.mjs`).
//   Cards: 4000 0000 0000 0002 is declined; 4000 0027 6000 3184 needs 3-D Secure (the payment intent
//   answers requires_action until Stripe.js's handleNextAction/confirmCardPayment completes or fails
//   it); any other Luhn-valid number succeeds.
//   POST /_stand-in/replay/ resends the last webhook event as it was (a provider retry).
//   POST /_stand-in/authenticate/ {client_secret, outcome: complete|fail} (publishable key) is the
//   bank's authentication page: the stand-in's Stripe.js calls it from its dialog, tests call it directly.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

export const DECLINED_CARD = '4000000000000002';
export const AUTHENTICATION_CARD = '4000002760003184';
const authenticationFailed = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
const declined = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };

const newId = (prefix) => `${prefix}_${randomBytes(9).toString('hex')}`;
const luhn = (digits) =>
  /^\d{12,19}$/.test(digits) &&
  [...digits].reverse().reduce((sum, ch, i) => {
    const d = Number(ch) * (i % 2 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
    0;

/** Signs an event body as the provider does: `t=<seconds>,v1=<HMAC-SHA256 of "t.body">`. */
export function signWebhook(body, secret, seconds = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return `t=${seconds},v1=${v1}`;
}

const stripeJs = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  function cardElement() {
    const box = document.createElement('div');
    box.className = 'stand-in-card';
    box.style.cssText = 'display:flex;gap:8px';
    const input = (label, placeholder, flex) => {
      const el = document.createElement('input');
      el.setAttribute('aria-label', label);
      el.placeholder = placeholder;
      el.inputMode = 'numeric';
      el.style.cssText = 'flex:' + flex + ';min-width:0;border:0;outline:0;font:inherit;background:transparent';
      box.appendChild(el);
      return el;
    };
    const number = input('Card number', '1234 1234 1234 1234', 4);
    const expiry = input('Expiration date MM / YY', 'MM / YY', 2);
    const cvc = input('CVC', 'CVC', 1);
    return {
      mount(target) { (typeof target === 'string' ? document.querySelector(target) : target).appendChild(box); },
      unmount() { box.remove(); },
      destroy() { box.remove(); },
      focus() { number.focus(); },
      on() {},
      values() { return { number: number.value, expiry: expiry.value, cvc: cvc.value }; },
    };
  }
  /** The bank's 3-D Secure page, as a dialog over the page: Complete or Fail, like the provider's test page. */
  function authenticate(publishableKey, clientSecret) {
    return new Promise((resolve) => {
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', '3D Secure authentication');
      dialog.style.cssText = 'position:fixed;inset:0;z-index:100000;display:flex;align-items:center;' +
        'justify-content:center;background:rgba(0,0,0,.5);font:16px sans-serif';
      const panel = document.createElement('div');
      panel.style.cssText = 'background:#fff;color:#111;padding:24px;border-radius:8px;max-width:360px';
      const text = document.createElement('p');
      text.textContent = 'Your bank asks you to confirm this payment (stand-in test page).';
      panel.appendChild(text);
      const answer = (label, outcome) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        button.style.cssText = 'margin-right:8px;padding:8px 12px;color:#111;background:#eee;border:1px solid #555';
        button.addEventListener('click', async () => {
          const res = await fetch(origin + '/_stand-in/authenticate/', {
            method: 'POST',
            headers: { authorization: 'Bearer ' + publishableKey, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ client_secret: clientSecret, outcome }),
          });
          const json = await res.json();
          dialog.remove();
          resolve(json.error ? { error: json.error } : { paymentIntent: json });
        });
        panel.appendChild(button);
        return button;
      };
      const complete = answer('Complete authentication', 'complete');
      answer('Fail authentication', 'fail');
      dialog.appendChild(panel);
      document.body.appendChild(dialog);
      complete.focus();
    });
  }
  window.Stripe = function Stripe(publishableKey) {
    return {
      handleNextAction(options) { return authenticate(publishableKey, options.clientSecret); },
      confirmCardPayment(clientSecret) { return authenticate(publishableKey, clientSecret); },
      elements() { return { create(type) { if (type !== 'card') throw new Error('only card'); return cardElement(); } }; },
      async createToken(element) {
        const v = element.values();
        const [month, year] = v.expiry.split('/').map((s) => s.trim());
        const body = new URLSearchParams({
          'card[number]': v.number.replace(/\\D/g, ''),
          'card[exp_month]': month || '',
          'card[exp_year]': year || '',
          'card[cvc]': v.cvc,
        });
        const res = await fetch(origin + '/v1/tokens', {
          method: 'POST',
          headers: { authorization: 'Bearer ' + publishableKey, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        const json = await res.json();
        return res.ok ? { token: json } : { error: json.error };
      },
    };
  };
})();`;

/**
 * Starts the stand-in. `webhook` is where events go: a URL, or a function (body, signature) for tests
 * that inject into the app. Resolves once listening.
 */
export async function startStripeStandIn({
  port = 0,
  secretKey,
  publishableKey,
  webhookSecret,
  webhook,
  plans = ['price_listing'],
}) {
  const tokens = new Map();
  const customers = new Map();
  const methods = new Map();
  /** Payment intents by id, as the provider keeps them (retrieve, cancel, authenticate). */
  const intents = new Map();
  const idempotent = new Map();
  /** Every API call received, for tests to check what the product sent. */
  const calls = [];
  const events = [];

  async function deliver(event) {
    const body = JSON.stringify(event);
    const signature = signWebhook(body, webhookSecret);
    if (typeof webhook === 'function') return webhook(body, signature);
    if (webhook) {
      await fetch(webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body,
      }).catch(() => undefined);
    }
  }
  function emit(type, object) {
    const event = {
      id: newId('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    };
    events.push(event);
    // After the API answer, as the provider does.
    setTimeout(() => void deliver(event), 50);
    return event;
  }

  const routes = {
    'POST /v1/tokens': (p, auth) => {
      if (auth !== publishableKey)
        return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];
      const number = p['card[number]'] ?? '';
      if (!luhn(number))
        return [
          402,
          {
            error: {
              type: 'card_error',
              code: 'incorrect_number',
              message: 'Your card number is incorrect.',
            },
          },
        ];
      const month = Number(p['card[exp_month]']);
      const year = Number(p['card[exp_year]']);
      const fullYear = year < 100 ? 2000 + year : year;
      const now = new Date();
      if (
        !(month >= 1 && month <= 12) ||
        fullYear * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
      )
        return [
          402,
          {
            error: {
              type: 'card_error',
              code: 'invalid_expiry_month',
              message: "Your card's expiration date is invalid.",
            },
          },
        ];
      if (!/^\d{3,4}$/.test(p['card[cvc]'] ?? ''))
        return [
          402,
          {
            error: {
              type: 'card_error',
              code: 'invalid_cvc',
              message: "Your card's security code is invalid.",
            },
          },
        ];
      const token = { id: newId('tok'), object: 'token', card: { last4: number.slice(-4), brand: 'Visa' } };
      tokens.set(token.id, { number, used: false });
      return [200, token];
    },
    'POST /v1/customers': (p) => {
      const card = takeToken(p.source);
      if (!card) return missing('token', p.source);
      if (card.number === DECLINED_CARD) return [402, { error: declined }];
      const customer = { id: newId('cus'), object: 'customer', email: p.email ?? null };
      customers.set(customer.id, customer);
      return [200, customer];
    },
    'POST /v1/subscriptions': (p) => {
      if (!customers.has(p.customer)) return missing('customer', p.customer);
      const price = p['items[0][price]'];
      if (!plans.includes(price)) return missing('price', price);
      const sub = {
        id: newId('sub'),
        object: 'subscription',
        status: 'active',
        customer: p.customer,
        items: { data: [{ price: { id: price } }] },
      };
      emit('customer.subscription.created', sub);
      return [200, sub];
    },
    'POST /v1/payment_methods': (p) => {
      if (p.type !== 'card')
        return [400, { error: { type: 'invalid_request_error', param: 'type', message: 'Invalid type' } }];
      const card = takeToken(p['card[token]']);
      if (!card) return missing('token', p['card[token]']);
      const method = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        card: { last4: card.number.slice(-4) },
      };
      methods.set(method.id, card);
      return [200, method];
    },
    'POST /v1/payment_intents': (p) => {
      const amount = Number(p.amount);
      if (!Number.isInteger(amount) || amount < 50)
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              param: 'amount',
              message: 'Amount must be at least $0.50 usd',
            },
          },
        ];
      if (
        p.currency !== 'usd' ||
        p.confirm !== 'true' ||
        p['automatic_payment_methods[allow_redirects]'] !== 'never'
      )
        return [400, { error: { type: 'invalid_request_error', message: 'Unexpected payment parameters' } }];
      const card = methods.get(p.payment_method);
      if (!card) return missing('payment_method', p.payment_method);
      const metadata = Object.fromEntries(
        Object.entries(p)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      const id = newId('pi');
      const intent = {
        id,
        object: 'payment_intent',
        amount,
        currency: 'usd',
        metadata,
        status: 'succeeded',
        amount_received: amount,
        client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
        next_action: null,
      };
      if (card.number === AUTHENTICATION_CARD) {
        const waiting = {
          ...intent,
          status: 'requires_action',
          amount_received: 0,
          next_action: { type: 'use_stripe_sdk' },
        };
        intents.set(id, waiting);
        return [200, waiting];
      }
      intents.set(id, intent);
      if (card.number === DECLINED_CARD) {
        const failed = {
          ...intent,
          status: 'requires_payment_method',
          amount_received: 0,
          last_payment_error: declined,
        };
        emit('payment_intent.payment_failed', failed);
        return [402, { error: { ...declined, payment_intent: failed } }];
      }
      emit('payment_intent.succeeded', intent);
      return [200, intent];
    },
  };
  /** Routes on one payment intent: retrieve and cancel. */
  function intentRoute(method, path) {
    const m = /^\/v1\/payment_intents\/(pi_[0-9a-f]+)(\/cancel)?$/.exec(path);
    if (!m) return null;
    const intent = intents.get(m[1]);
    if (method === 'GET' && !m[2]) return () => (intent ? [200, intent] : missing('payment_intent', m[1]));
    if (method !== 'POST' || !m[2]) return null;
    return (p) => {
      if (!intent) return missing('payment_intent', m[1]);
      if (!['requires_payment_method', 'requires_action', 'requires_confirmation'].includes(intent.status))
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          },
        ];
      Object.assign(intent, {
        status: 'canceled',
        next_action: null,
        cancellation_reason: p.cancellation_reason ?? null,
      });
      emit('payment_intent.canceled', { ...intent });
      return [200, { ...intent }];
    };
  }
  /** The bank's authentication page: completes or fails an intent waiting for it. */
  function authenticateIntent(p, auth) {
    if (auth !== publishableKey)
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];
    const intent = [...intents.values()].find((i) => i.client_secret === p.client_secret);
    if (!intent) return missing('payment_intent', p.client_secret);
    if (intent.status !== 'requires_action')
      return [400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' } }];
    if (p.outcome === 'complete') {
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, next_action: null });
      emit('payment_intent.succeeded', { ...intent });
      return [200, { ...intent }];
    }
    Object.assign(intent, {
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: authenticationFailed,
    });
    emit('payment_intent.payment_failed', { ...intent });
    return [402, { error: { ...authenticationFailed, payment_intent: { ...intent } } }];
  }

  const KNOWN = {
    'POST /v1/customers': /^(source|email|description|metadata\[\w+\])$/,
    'POST /v1/subscriptions': /^(customer|items\[0\]\[price\]|metadata\[\w+\])$/,
    'POST /v1/payment_methods': /^(type|card\[token\])$/,
    'POST /v1/payment_intents':
      /^(amount|currency|confirm|description|payment_method|automatic_payment_methods\[(enabled|allow_redirects)\]|metadata\[\w+\])$/,
    'POST /v1/payment_intents/:id/cancel': /^cancellation_reason$/,
    'GET /v1/payment_intents/:id': /^$/,
  };
  function takeToken(id) {
    const card = tokens.get(id);
    if (!card || card.used) return null;
    card.used = true;
    return card;
  }
  function missing(what, id) {
    return [
      400,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${what}: '${id}'`,
        },
      },
    ];
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString();
    const send = (status, body, type = 'application/json') => {
      res.writeHead(status, {
        'content-type': type,
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'authorization, content-type',
      });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method === 'OPTIONS') return send(204, '');
    if (url.pathname === '/healthz') return send(200, { status: 'ok' });
    if (url.pathname === '/v3/' || url.pathname === '/v3')
      return send(200, stripeJs, 'application/javascript');
    if (req.method === 'POST' && url.pathname === '/_stand-in/replay/') {
      const last = events.at(-1);
      if (!last) return send(404, { error: 'no event yet' });
      await deliver(last);
      return send(200, { replayed: last.id });
    }
    if (req.method === 'POST' && url.pathname === '/_stand-in/authenticate/') {
      const auth = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const [status, body] = authenticateIntent(Object.fromEntries(new URLSearchParams(raw)), auth);
      return send(status, body);
    }
    const onIntent = intentRoute(req.method, url.pathname);
    const key = onIntent
      ? `${req.method} /v1/payment_intents/:id${url.pathname.endsWith('/cancel') ? '/cancel' : ''}`
      : `${req.method} ${url.pathname}`;
    const route = onIntent ?? routes[key];
    if (!route)
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${key})` },
      });
    const params = Object.fromEntries(new URLSearchParams(raw));
    const auth = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    calls.push({ route: key, params, idempotencyKey: req.headers['idempotency-key'] ?? null });
    if (key !== 'POST /v1/tokens') {
      if (auth !== secretKey)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const unknown = Object.keys(params).find((name) => !KNOWN[key].test(name));
      if (unknown)
        return send(400, {
          error: {
            type: 'invalid_request_error',
            param: unknown,
            message: `Received unknown parameter: ${unknown}`,
          },
        });
      const ik = req.headers['idempotency-key'];
      if (req.method === 'GET') {
        const [status, body] = route(params, auth);
        return send(status, body);
      }
      if (!ik)
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: 'The stand-in expects an Idempotency-Key on every POST',
          },
        });
      const seen = idempotent.get(ik);
      if (seen) {
        if (seen.raw !== raw)
          return send(400, {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        return send(seen.status, seen.body);
      }
      const [status, body] = route(params, auth);
      idempotent.set(ik, { raw, status, body });
      return send(status, body);
    }
    const [status, body] = route(params, auth);
    return send(status, body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    events,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await startStripeStandIn({
    port: Number(process.env.STRIPE_STAND_IN_PORT ?? 3191),
    secretKey: process.env.STRIPE_SECRET_KEY,
    publishableKey: process.env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
    webhook: process.env.STRIPE_WEBHOOK_URL,
  });
}
