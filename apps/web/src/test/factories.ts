/** Factories for web tests: records as the API sends them, with overrides for what a test is about. */
import {
  type Client,
  type Company,
  type CurrentUser,
  type ManagedUser,
  type Provider,
  type RequestDetail,
  type RequestFile,
  STATUS,
  type StaffRequestInfo,
} from '@dd/shared';

/** The signed-in user as GET /users/user/ sends it: a firm paralegal unless overridden. */
const NO_ABILITIES = {
  choose_main_contact: false,
  is_internal_staff: false,
  view_fees: false,
  view_company_counts: false,
  manage_roles: false,
};

export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 3,
    first_name: 'Paula',
    last_name: 'Legal',
    full_name: 'Paula Legal',
    email: 'paula@firm.example',
    phone_number: null,
    company_id: 5,
    company_name: 'Smith Law',
    role_id: null,
    is_staff: false,
    is_active: true,
    is_admin_user: false,
    is_internal: false,
    permissions: [],
    session_timeout_minutes: 30,
    email_confirmed: true,
    timezone: 'America/Denver',
    weekly_deadline_digest: false,
    abilities: NO_ABILITIES,
    ...overrides,
  };
}

/** An internal staff member as GET /users/user/ sends them. */
export const internalStaffUser = (overrides: Partial<CurrentUser> = {}): CurrentUser =>
  currentUser({
    id: 9,
    first_name: 'Sam',
    last_name: 'Staff',
    full_name: 'Sam Staff',
    email: 'sam@directdocs.example',
    company_id: 1,
    company_name: 'Direct Docs',
    is_internal: true,
    is_staff: true,
    abilities: { ...NO_ABILITIES, choose_main_contact: true, is_internal_staff: true },
    ...overrides,
  });

/** A law firm's staff member (an attorney): may choose a request's main contact. */
export const firmStaffUser = (overrides: Partial<CurrentUser> = {}): CurrentUser =>
  currentUser({ is_staff: true, abilities: { ...NO_ABILITIES, choose_main_contact: true }, ...overrides });

/** A file row as a firm user receives it. */
export function requestFile(overrides: Partial<RequestFile> = {}): RequestFile {
  return {
    id: 1,
    name: 'Records.pdf',
    url: 'provider-records/a.pdf',
    request: 21,
    supporting_file: false,
    archived: false,
    verified_by: null,
    created_at: '2024-03-05T15:00:00.000Z',
    downloaded: false,
    content_type: 'application/pdf',
    size_bytes: 1000,
    sha256: 'a'.repeat(64),
    duplicate_of: null,
    bates_start: null,
    bates_end: null,
    abilities: { can_change_verification: true, can_archive: false },
    ...overrides,
  };
}

/** A law firm as its own staff receive it. */
export function company(overrides: Partial<Company> = {}): Company {
  return {
    id: 5,
    name: 'Smith Law Group',
    admin_name: 'Sam Smith',
    admin_email: 'sam@smith.test',
    admin_phone: null,
    admin_fax: null,
    address_1: '1 Main St',
    address_2: null,
    city: 'Denver',
    state: 'CO',
    zip_code: '80202',
    phone_number: '303-555-0100',
    fax_number: null,
    request_price: '40.00',
    follow_up_days: [7, 14, 21],
    follow_up_every: 5,
    auto_approve_limit: null,
    stale_after_business_days: 90,
    release_form_url: null,
    is_internal: false,
    abilities: { can_manage: true, can_edit_pricing: false, can_delete: false },
    ...overrides,
  };
}

export function managedUser(id: number, overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    full_name: `First${id} Last${id}`,
    email: `user${id}@firm.test`,
    phone_number: null,
    company_id: 5,
    role_id: null,
    is_staff: false,
    is_active: true,
    is_admin_user: false,
    invite_pending: false,
    ...overrides,
  };
}

export function staffInfo(overrides: Partial<StaffRequestInfo> = {}): StaffRequestInfo {
  return {
    id: 21,
    archived: false,
    next_todo_date: null,
    requisition_id: null,
    provider_cost: '0.00',
    page_fee: '0.00',
    provider_pages: null,
    provider_medium: null,
    provider_clerical_minutes: null,
    provider_postage: '0.00',
    fee_check: null,
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
    request_types: ['Medical Records'],
    rush: false,
    start_date: '2020-01-01',
    end_date: '2022-12-31',
    special_instructions: null,
    intake_form_url: null,
    hipaa_consent_url: 'hipaa-forms/u3/consent.pdf',
    attorney_name: null,
    price: '35.00',
    active: true,
    archived: false,
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
    legal_basis: 'authorization',
    due_date: null,
    deadline_rule: null,
    deadline_status: null,
    patient: requestPatient(),
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
      kind: null,
      max_authorization_age_days: null,
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
    first_send_due: (overrides.status ?? STATUS.requestedByLawyer) === STATUS.requestedByLawyer,
    ...overrides,
  };
}

/** The client as a request detail carries it: the client's own fields (no SSN flag) with its firm. */
function requestPatient(): RequestDetail['patient'] {
  const { company, has_ssn: _ssn, created_at: _created, ...own } = client({ hipaa_consent_url: null });
  return { ...own, company_id: company, company: { id: company, name: 'Smith Law' } };
}

/** A law firm's client as GET /api/home/patient/ and /api/home/patient/:id/ send it. */
export function client(overrides: Partial<Client> = {}): Client {
  return {
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
    hipaa_consent_url: 'hipaa-forms/pat.pdf',
    bates_prefix: null,
    company: 5,
    has_ssn: true,
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A provider as GET /api/home/provider/ sends it. */
export function provider(id: number, name: string, overrides: Partial<Provider> = {}): Provider {
  return {
    id,
    name,
    email: null,
    phone: null,
    fax: null,
    address_1: null,
    address_2: null,
    city: 'Denver',
    state: 'CO',
    zip_code: null,
    notes: null,
    medical_request_url: null,
    kind: null,
    max_authorization_age_days: null,
    ...overrides,
  };
}
