/** Test helpers: a staff request fixture, rendering with router, query client and notifications, fetch stubs. */
import { type RequestDetail, STATUS, type StaffRequestInfo } from '@dd/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../../theme';

export function renderScreen(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </MantineProvider>
    </MemoryRouter>,
  );
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/** Stubs fetch: the CSRF call answers itself, everything else goes to `respond` (404 when it returns nothing). */
export function stubApi(respond: (call: ApiCall) => Response | undefined) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://app.test');
      if (url.pathname === '/api/csrfmiddlewaretoken/') return json({ csrfmiddlewaretoken: 'csrf-test' });
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return respond(call) ?? json({ error: `unexpected ${call.method} ${call.path}` }, 404);
    }),
  );
  return calls;
}

export function staffInfo(overrides: Partial<StaffRequestInfo> = {}): StaffRequestInfo {
  return {
    id: 21,
    archived: false,
    next_todo_date: null,
    requisition_id: null,
    provider_cost: 0,
    page_fee: 0,
    received_document_at: null,
    new_provider: false,
    working_on: null,
    law_firm: { id: 5, name: 'Smith Law', phone_number: null, release_form_url: null },
    main_contact: { id: 3, full_name: 'Paula Legal', email: 'p@smith.example', phone_number: null },
    requester: null,
    ...overrides,
  };
}

const person = { id: 3, first_name: 'Paula', last_name: 'Legal', full_name: 'Paula Legal', email: 'p@x' };

export function requestDetail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: 21,
    internal_number: '10021',
    status: STATUS.requestedByLawyer,
    request_type: 'Medical Records',
    rush: false,
    start_date: '2020-01-01',
    end_date: '2022-12-31',
    special_instructions: null,
    intake_form_url: null,
    hipaa_consent_url: 'hipaa-forms/u3/consent.pdf',
    attorney_name: null,
    price: 35,
    active: true,
    created_at: '2024-05-01T15:00:00.000Z',
    completed_date: null,
    closed_date: null,
    patient_id: 7,
    provider_id: 11,
    user_id: 3,
    requester_id: 3,
    company_id: 5,
    days_old: 2,
    days_to_receive: null,
    days_to_download: null,
    received_document: false,
    patient: {
      id: 7,
      first_name: 'Pat',
      last_name: 'Client',
      full_name: 'Pat Client',
      maiden_name: null,
      date_of_birth: '1980-04-12',
      custom_code: null,
      address_1: null,
      address_2: null,
      city: null,
      state: null,
      zip_code: null,
      email: null,
      phone_number: null,
      fax_number: null,
      hipaa_consent_url: null,
      company_id: 5,
      company: { id: 5, name: 'Smith Law' },
    },
    provider: {
      id: 11,
      name: 'Denver Health',
      email: 'records@dh.example',
      phone: null,
      fax: null,
      address_1: null,
      address_2: null,
      city: null,
      state: null,
      zip_code: null,
      notes: null,
      medical_request_url: null,
    },
    user: person,
    requester: person,
    notes: [],
    files: [],
    invoices: [],
    abilities: {
      can_edit: true,
      can_delete: true,
      can_add_note: true,
      can_upload_supporting: true,
      is_internal_staff: true,
    },
    ...overrides,
  };
}
