#!/usr/bin/env node
/**
 * A test partner for the public API (docs/api.md, decision 059): what a case-management system does, end
 * to end, against a running Direct Docs. It signs in as a firm administrator, starts a small HTTP receiver,
 * registers it as a webhook endpoint for every event, creates an API key, orders a request with the key,
 * verifies the signature of every webhook it receives (Standard Webhooks, written out here independently of
 * the server), waits until the records are ready and downloads the records package with the key. It removes
 * the endpoint and the key it made when it ends.
 *
 *   node scripts/test-partner.mjs --base-url http://localhost:3000 \
 *     --email attorney@smithlaw.example --password '…' [--api-key ddk_…] [--timeout 600]
 *
 * Someone at Direct Docs must work the request (send it, upload and verify records, send them to the firm)
 * while it waits; the e2e journey e2e/tests/webhooks.spec.ts does that through the API and runs this script.
 * Webhooks to http://127.0.0.1 are accepted only by a server that is not in production (SSRF rules).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';

const EVENTS = [
  'request.created',
  'request.status_changed',
  'request.records_ready',
  'request.needs_attention',
  'invoice.issued',
];
const TOLERANCE_SECONDS = 5 * 60;

/** The Standard Webhooks check: HMAC-SHA256 of `id.timestamp.body` keyed by the secret's bytes. */
export function verifyWebhook(secret, headers, body, now = Date.now()) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (!id || !timestamp || !signatures) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((part) => {
    const [version, value] = part.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

function startReceiver(host) {
  const received = [];
  const waiting = new Set();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = 204;
      res.end();
      for (const check of waiting) check();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, host, () => {
      const { port } = server.address();
      resolve({
        url: `http://${host}:${port}/webhooks`,
        received,
        /** Resolves with the first received webhook `match` accepts, or rejects after `ms`. */
        waitFor(match, ms, what) {
          return new Promise((done, fail) => {
            const check = () => {
              const found = received.find(match);
              if (!found) return;
              waiting.delete(check);
              clearTimeout(timer);
              done(found);
            };
            const timer = setTimeout(() => {
              waiting.delete(check);
              fail(new Error(`No ${what} webhook within ${ms / 1000} s`));
            }, ms);
            waiting.add(check);
            check();
          });
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

async function call(baseUrl, method, path, { headers = {}, body } = {}) {
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res;
}

async function json(res, what, expected = [200, 201]) {
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Runs the partner's whole journey. `onOrdered(requestId)` is called once the request was ordered and its
 * `request.created` webhook verified: the caller (a test) may work the request there; without it the
 * partner just waits for Direct Docs' staff.
 */
export async function runTestPartner(options) {
  const {
    baseUrl,
    email,
    password,
    apiKey: givenKey,
    receiverHost = '127.0.0.1',
    timeoutMs = 10 * 60_000,
    onOrdered,
    log = (line) => console.log(line),
  } = options;
  const login = await json(
    await call(baseUrl, 'POST', '/users/token/', { body: { email, password } }),
    'Sign in',
  );
  const session = { authorization: `Bearer ${login.access}` };
  const receiver = await startReceiver(receiverHost);
  let endpointId;
  let createdKeyId;
  try {
    const endpoint = await json(
      await call(baseUrl, 'POST', '/api/webhooks/', {
        headers: session,
        body: { url: receiver.url, events: EVENTS },
      }),
      'Register the webhook endpoint',
    );
    endpointId = endpoint.id;
    log(`webhook endpoint ${endpoint.id} registered at ${receiver.url}`);
    let key = givenKey;
    if (!key) {
      const created = await json(
        await call(baseUrl, 'POST', '/api/keys/', {
          headers: session,
          body: {
            name: `Test partner ${new Date().toISOString()}`,
            scopes: ['read_requests', 'create_requests', 'read_files', 'manage_clients'],
          },
        }),
        'Create an API key',
      );
      key = created.key;
      createdKeyId = created.id;
      log(`API key ${created.id} created`);
    }
    const withKey = { 'x-api-key': key };

    // What an order names: the main contact (the signed-in administrator), a client with a HIPAA form, a provider.
    const me = await json(await call(baseUrl, 'GET', '/users/user/', { headers: session }), 'Who am I');
    const clients = await json(
      await call(baseUrl, 'GET', '/api/home/patient/', { headers: withKey }),
      'List clients',
    );
    const client = clients.find((c) => c.hipaa_consent_url);
    if (!client) throw new Error('The firm has no client with a HIPAA form to order for.');
    const providers = await json(
      await call(baseUrl, 'GET', '/api/home/provider/?order_by=name', { headers: withKey }),
      'List providers',
    );
    const day = String(1 + (Date.now() % 27)).padStart(2, '0');
    const ordered = await json(
      await call(baseUrl, 'POST', '/api/home/request/', {
        headers: { ...withKey, 'idempotency-key': randomUUID() },
        body: {
          user: me.id,
          patient: client.id,
          provider: [providers[Date.now() % providers.length].id],
          request_type: 'Medical Records',
          start_date: `2018-02-${day}`,
          end_date: `2025-06-${day}`,
          rush: false,
          hipaa_consent_url: client.hipaa_consent_url,
          override_duplicates: true,
        },
      }),
      'Order a request',
    );
    const requestId = ordered.results[0].id;
    log(`request ${requestId} ordered with the key`);

    const about = (type) => (w) => {
      const payload = JSON.parse(w.body);
      return payload.type === type && payload.data?.request?.id === requestId;
    };
    const check = (w) => {
      if (!verifyWebhook(endpoint.secret, w.headers, w.body))
        throw new Error(`Webhook ${w.headers['webhook-id']} failed signature verification`);
      return JSON.parse(w.body);
    };
    check(await receiver.waitFor(about('request.created'), timeoutMs, 'request.created'));
    log('request.created received, signature verified');

    if (onOrdered) await onOrdered(requestId);
    const ready = check(
      await receiver.waitFor(about('request.records_ready'), timeoutMs, 'request.records_ready'),
    );
    log('request.records_ready received, signature verified');

    // The package is stamped in the background: 409 until it is ready.
    const deadline = Date.now() + timeoutMs;
    let zip;
    for (;;) {
      const res = await call(baseUrl, 'GET', ready.data.package_url, { headers: withKey });
      if (res.status === 200) {
        zip = Buffer.from(await res.arrayBuffer());
        break;
      }
      if (res.status !== 409 || Date.now() > deadline)
        throw new Error(`Download the package: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    if (zip.subarray(0, 2).toString() !== 'PK') throw new Error('The package is not a ZIP file.');
    log(`package downloaded: ${zip.length} bytes`);

    const mine = receiver.received.filter((w) => JSON.parse(w.body).data?.request?.id === requestId);
    for (const w of mine) check(w);
    return {
      requestId,
      events: mine.map((w) => JSON.parse(w.body).type),
      verified: mine.length,
      packageBytes: zip.length,
    };
  } finally {
    await receiver.close();
    if (endpointId !== undefined)
      await call(baseUrl, 'POST', `/api/webhooks/${endpointId}/delete/`, { headers: session, body: {} });
    if (createdKeyId !== undefined)
      await call(baseUrl, 'POST', `/api/keys/${createdKeyId}/revoke/`, { headers: session, body: {} });
  }
}

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  return args;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2));
  if (!args['base-url'] || !args.email || !args.password) {
    console.error(
      'usage: node scripts/test-partner.mjs --base-url URL --email EMAIL --password PASSWORD [--api-key KEY] [--timeout SECONDS]',
    );
    process.exit(2);
  }
  runTestPartner({
    baseUrl: args['base-url'],
    email: args.email,
    password: args.password,
    apiKey: args['api-key'],
    timeoutMs: Number(args.timeout ?? 600) * 1000,
  }).then(
    (result) => console.log(JSON.stringify(result)),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
