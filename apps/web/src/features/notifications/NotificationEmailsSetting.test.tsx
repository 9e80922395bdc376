import { NOTIFICATION_EMAIL_MSG, type NotificationEmailPrefs } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { NotificationEmailsSetting } from './NotificationEmailsSetting';

afterEach(() => vi.unstubAllGlobals());

const NEVER: NotificationEmailPrefs = { status_change: 'never', records_arrived: 'never', note: 'never' };

describe('the notification e-mails setting', () => {
  it('shows the user’s choice per kind and saves a change with a message', async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/notifications/emails/') return undefined;
      return json(call.method === 'PUT' ? call.body : NEVER);
    });
    renderWithProviders(<NotificationEmailsSetting />);
    const notes = await screen.findByRole('combobox', { name: /^Notes/ });
    expect(notes).toHaveValue('Never');
    expect(screen.getByRole('combobox', { name: /^Status changes/ })).toHaveValue('Never');
    await userEvent.click(screen.getByRole('combobox', { name: /^Records arrived/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Immediately' }));
    await userEvent.click(notes);
    await userEvent.click(await screen.findByRole('option', { name: 'Daily digest' }));
    await userEvent.click(screen.getByRole('button', { name: NOTIFICATION_EMAIL_MSG.save }));
    expect(await screen.findByText(NOTIFICATION_EMAIL_MSG.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toMatchObject([
      {
        path: '/api/notifications/emails/',
        body: { status_change: 'never', records_arrived: 'immediately', note: 'daily' },
      },
    ]);
  });

  it('says what went wrong when the choices cannot be read, and tries again', async () => {
    let fail = true;
    stubApi((call) => {
      if (call.path !== '/api/notifications/emails/') return undefined;
      return fail ? json({ error: 'The server is not answering.' }, 500) : json(NEVER);
    });
    renderWithProviders(<NotificationEmailsSetting />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is not answering.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: /^Notes/ })).toHaveValue('Never');
  });
});
