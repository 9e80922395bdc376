import { PROVIDER_NEW_NOTICE, STATUS } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalStaffUser, json, renderWithProviders, requestDetail, staffInfo, stubApi } from '../../test';
import { StaffRequestScreen } from './StaffRequestScreen';

/**
 * On the staff screens, a provider address that hides a BCC is never offered as a mailto: link,
 * and a provider a law firm added shows 'New provider: verify contact details' until staff confirm it.
 */

afterEach(() => vi.unstubAllGlobals());

const BCC = 'records@hospital.example?bcc=attacker%40evil.example';
const letter = (overrides: object = {}) => ({
  subject: 'Medical Records Request: Pat Client, DOB 04/12/1980',
  text: 'Patient: Pat Client\nDate of birth: 04/12/1980',
  to: 'records@dh.example',
  new_provider: false,
  attachments: [],
  ...overrides,
});

const hrefs = () => Array.from(document.querySelectorAll('a[href]'), (a) => a.getAttribute('href') ?? '');

describe('first-send view', () => {
  it('offers no mailto: link for an address that carries a BCC, and says why', async () => {
    stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(requestDetail());
      if (call.path === '/api/home/request/21/first_send/') {
        return json(letter({ to: BCC, attachments: [{ label: 'Form', url: 'javascript:alert(1)' }] }));
      }
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    expect(await screen.findByDisplayValue(letter().subject)).toBeInTheDocument();
    expect(hrefs().filter((h) => /^mailto:|bcc|javascript:/i.test(h))).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Open in e-mail app' })).not.toBeInTheDocument();
    expect(screen.getByText(/is not one plain e-mail address/)).toBeInTheDocument();
  });

  it('builds the mailto: link of a plain address with the subject and body encoded', async () => {
    stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(requestDetail());
      if (call.path === '/api/home/request/21/first_send/') return json(letter());
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    const link = await screen.findByRole('link', { name: 'records@dh.example' });
    expect(link).toHaveAttribute(
      'href',
      'mailto:records@dh.example?subject=Medical%20Records%20Request%3A%20Pat%20Client%2C%20DOB%2004%2F12%2F1980&body=Patient%3A%20Pat%20Client%0ADate%20of%20birth%3A%2004%2F12%2F1980',
    );
    expect(screen.queryByText(PROVIDER_NEW_NOTICE)).not.toBeInTheDocument();
  });

  it("shows 'New provider: verify contact details' until staff confirm the provider", async () => {
    let verified = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(requestDetail());
      if (call.path === '/api/home/request/21/first_send/') return json(letter({ new_provider: !verified }));
      if (call.path === '/api/home/provider/11/verify/') {
        verified = true;
        return json({ success: 'ok', id: 11, verified_at: '2024-05-02T10:00:00.000Z', requests_updated: 1 });
      }
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    expect(await screen.findByText(PROVIDER_NEW_NOTICE)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Edit Provider/ })[0]).toHaveAttribute(
      'href',
      '/editProvider/11/21/',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm Contact Details' }));
    await waitFor(() => expect(screen.queryByText(PROVIDER_NEW_NOTICE)).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/home/provider/11/verify/',
    ]);
  });
});

describe('Request Details Center', () => {
  it('shows the new-provider notice from staff info, and no link for a contact address that is not plain', async () => {
    const started = requestDetail({
      status: STATUS.inContact,
      notes: [
        {
          id: 40,
          text: 'Sent',
          update_status: STATUS.initialRequestSent,
          previous_status: STATUS.requestedByLawyer,
          reminder_date: null,
          created_at: '2024-05-02T10:00:00.000Z',
          request: 21,
          user: { id: 9, full_name: 'Sam Staff' },
        },
      ],
      provider: { ...requestDetail().provider, email: BCC, phone: '(303) 555-0101 x12' },
    });
    stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(started);
      if (call.path === '/api/home/request/21/staff_info/') {
        return json(
          staffInfo({
            new_provider: true,
            main_contact: {
              id: 3,
              full_name: 'Paula Legal',
              email: 'p@smith.example,x@evil.example',
              phone_number: null,
            },
          }),
        );
      }
      if (call.path === '/api/home/notetemplate/') return json([]);
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    expect(await screen.findByRole('heading', { name: 'Request Details Center' })).toBeInTheDocument();
    expect(await screen.findByText(PROVIDER_NEW_NOTICE)).toBeInTheDocument();
    expect(screen.getByText(BCC)).toBeInTheDocument();
    expect(screen.getByText('p@smith.example,x@evil.example')).toBeInTheDocument();
    expect(hrefs().filter((h) => h.startsWith('mailto:'))).toEqual([]);
    expect(screen.getByRole('link', { name: '(303) 555-0101 x12' })).toHaveAttribute(
      'href',
      'tel:3035550101',
    );
  });
});
