import { HIPAA_MISSING, NOT_PROVIDED, type RequestDetail, STATUS } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUser, json, renderWithProviders, requestDetail, stubApi } from '../../test';
import { MedicalRequestScreen } from './MedicalRequestScreen';
import { RequestDetailScreen } from './RequestDetailScreen';

/** The kit's request as a paralegal sees it, with the details this screen shows. */
function detail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  const kit = requestDetail();
  return requestDetail({
    request_type: 'Medical Records, Billing Records',
    request_types: ['Medical Records', 'Billing Records'],
    rush: true,
    special_instructions: 'Include imaging.',
    hipaa_consent_url: 'hipaa-forms/pat.pdf',
    attorney_name: 'Ann Attorney',
    price: '42.00',
    provider: {
      ...kit.provider,
      phone: '303-555-0100',
      fax: '303-555-0101',
      address_1: '777 Bannock St',
      city: 'Denver',
      state: 'CO',
      zip_code: '80204',
    },
    abilities: { ...kit.abilities, is_internal_staff: false },
    ...overrides,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('request detail', () => {
  it("says 'HIPAA authorization missing' and 'Not provided' for a client entered with NA", async () => {
    const kit = requestDetail();
    const unknown = { ...kit.patient, date_of_birth: null, hipaa_consent_url: null };
    stubApi((call) =>
      call.path === '/api/home/request/21/' ? json(detail({ patient: unknown })) : undefined,
    );
    renderWithProviders(<RequestDetailScreen params={['21']} path="request/21" />, { user: currentUser() });
    expect(await screen.findByText(HIPAA_MISSING)).toBeInTheDocument();
    expect(screen.getByText(NOT_PROVIDED)).toBeInTheDocument();
  });

  it('shows provider details, Edit and Delete while allowed, and the new status after a note', async () => {
    let current = detail();
    const calls = stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(current);
      if (call.method === 'POST' && call.path === '/api/home/notes/') {
        current = detail({
          status: STATUS.waitingForDirectDocs,
          notes: [
            {
              id: 1,
              text: 'Any update?',
              update_status: STATUS.waitingForDirectDocs,
              previous_status: STATUS.requestedByLawyer,
              reminder_date: null,
              created_at: '2024-05-02T10:00:00.000Z',
              request: 21,
              user: { id: 3, full_name: 'Paula Legal' },
            },
          ],
        });
        return json(current.notes[0], 201);
      }
      return undefined;
    });
    renderWithProviders(<RequestDetailScreen params={['21']} path="request/21" />, { user: currentUser() });
    expect(await screen.findByRole('heading', { name: 'Request #10021' })).toBeInTheDocument();
    expect(screen.getByText('303-555-0101')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Edit Request/ })).toHaveAttribute('href', '/editRequest/5/21/');
    expect(screen.getByRole('button', { name: /Delete Request/ })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Any update?');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    expect(
      await screen.findByText(STATUS.waitingForDirectDocs, { selector: '.mantine-Badge-label' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/home/notes/')?.body).toEqual({
      text: 'Any update?',
      request: 21,
    });
  });

  it('hides Edit and Delete when the server says no', async () => {
    stubApi(() =>
      json(
        detail({
          status: STATUS.inContact,
          abilities: {
            can_edit: false,
            can_delete: false,
            can_add_note: true,
            can_upload_supporting: true,
            is_internal_staff: false,
          },
        }),
      ),
    );
    renderWithProviders(<RequestDetailScreen params={['21']} path="request/21" />, { user: currentUser() });
    await screen.findByRole('heading', { name: 'Request #10021' });
    expect(screen.queryByRole('link', { name: /Edit Request/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete Request/ })).toBeNull();
  });

  it('links a plain provider address and shows one that hides a BCC as text only', async () => {
    const bcc = 'records@hospital.example?bcc=attacker%40evil.example';
    stubApi(() => json(detail({ provider: { ...detail().provider, email: bcc } })));
    renderWithProviders(<RequestDetailScreen params={['21']} path="request/21" />, { user: currentUser() });
    await screen.findByRole('heading', { name: 'Request #10021' });
    expect(screen.getByText(bcc)).toBeInTheDocument();
    const links = Array.from(document.querySelectorAll('a[href]'), (a) => a.getAttribute('href'));
    expect(links.filter((href) => href?.startsWith('mailto:'))).toEqual([]);
    expect(screen.getByRole('link', { name: '303-555-0100' })).toHaveAttribute('href', 'tel:3035550100');
  });

  it('says Request not found for a 404', async () => {
    stubApi(() => json({ error: 'Not found.' }, 404));
    renderWithProviders(<RequestDetailScreen params={['99']} path="request/99" />, { user: currentUser() });
    expect(await screen.findByRole('heading', { name: 'Request not found' })).toBeInTheDocument();
  });
});

describe('print view', () => {
  it('heads the letter with the client and the firm and prints on request', async () => {
    stubApi(() => json(detail()));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderWithProviders(<MedicalRequestScreen params={['21']} path="medical_request/21" />, {
      user: currentUser(),
    });
    expect(
      await screen.findByRole('heading', {
        name: 'Medical Records Request For Pat Client on behalf of Smith Law',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/HIPAA authorization signed by the patient/)).toBeInTheDocument();
    expect(screen.queryByText(HIPAA_MISSING)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalled());
  });

  it("warns 'HIPAA authorization missing' before printing when neither the request nor its client has one", async () => {
    stubApi(() => json(detail({ hipaa_consent_url: null })));
    renderWithProviders(<MedicalRequestScreen params={['21']} path="medical_request/21" />, {
      user: currentUser(),
    });
    expect(await screen.findByText(HIPAA_MISSING)).toBeInTheDocument();
  });
});
