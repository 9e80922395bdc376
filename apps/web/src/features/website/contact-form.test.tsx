import { CONTACT_PAGE, MSG } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test';
import { RenderSections } from './sections/render-sections';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch stub that answers the CSRF call and hands /api/email/ to the given responder. */
function stubFetch(email: () => Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/csrfmiddlewaretoken/')) return json({ csrfmiddlewaretoken: 'csrf-test' });
    if (url === '/api/email/') return email();
    return json({ error: 'unexpected call' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const emailCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/email/');

async function fillForm(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(await screen.findByLabelText('Name'), 'Jane Counsel');
  await user.type(screen.getByLabelText('Phone number'), '303-555-0100');
  if (email) await user.type(screen.getByLabelText(/^Email/), email);
  await user.selectOptions(screen.getByLabelText('Industry'), 'Law firm');
  await user.type(screen.getByLabelText('Message'), 'We need records for a new case.');
}

describe('contact form', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('without an email shows the required-field message and sends nothing', async () => {
    const fetchMock = stubFetch(async () => json({ ok: true }));
    const user = userEvent.setup();
    renderWithProviders(<RenderSections {...CONTACT_PAGE} />);
    await fillForm(user, '');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(MSG.contactEmailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Jane Counsel');
  });

  it('posts the form to /api/email/, shows Message Sent and clears the form', async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const user = userEvent.setup();
    renderWithProviders(<RenderSections {...CONTACT_PAGE} />);
    await fillForm(user, 'jane@firm.example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(emailCalls(fetchMock)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    release(json({ ok: true }));

    expect(await screen.findByText(MSG.messageSent)).toBeInTheDocument();
    const [, init] = emailCalls(fetchMock)[0];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      template: 'contact',
      name: 'Jane Counsel',
      number: '303-555-0100',
      email: 'jane@firm.example',
      industry: 'Law firm',
      message: 'We need records for a new case.',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('on failure shows the error and keeps what was typed', async () => {
    stubFetch(async () => json({ error: 'The mail service is unavailable.' }, 503));
    const user = userEvent.setup();
    renderWithProviders(<RenderSections {...CONTACT_PAGE} />);
    await fillForm(user, 'jane@firm.example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('The mail service is unavailable.')).toBeInTheDocument();
    expect(screen.queryByText(MSG.messageSent)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('jane@firm.example');
    expect(screen.getByLabelText('Message')).toHaveValue('We need records for a new case.');
  });
});
