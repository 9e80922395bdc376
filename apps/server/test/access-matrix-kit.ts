import { randomUUID } from 'node:crypto';
import type { AccessRule } from '../src/authz';
import type { AccessFixtures, Caller } from './access-fixtures';
import { uploadKey } from './factories';

/** The shapes of the access matrix's rows and the inputs they build (see access-matrix.ts). */
export interface CallInput {
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
}

export interface MatrixRow {
  access: AccessRule;
  expect: string;
  /** Called once per caller, so a destructive route can act on a fresh record each time. */
  input?: (fx: AccessFixtures, caller: Caller) => CallInput | Promise<CallInput>;
  /** The route ends the session it is called with: each caller calls it with a session of its own. */
  endsSession?: true;
  /** The route answers a stream that stays open (server-sent events): the call reads its status, then hangs up. */
  stream?: true;
  /** Why a cell is what it is, when the rule alone does not say. */
  note?: string;
}

export const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
export const id = (value: number) => ({ id: value });
/** The client form with every field the firm must fill ('NA' where unknown) and the caller's own HIPAA upload. */
export const clientForm = (fx: AccessFixtures, caller: Caller, lastName: string) => ({
  hipaa_consent_url: uploadKey(fx.userId(caller), 'hipaa-forms', 'consent.pdf'),
  first_name: 'Pat',
  last_name: lastName,
  date_of_birth: '1980-04-12',
  ...Object.fromEntries(
    [
      'maiden_name',
      'custom_code',
      'address_1',
      'address_2',
      'city',
      'state',
      'zip_code',
      'phone_number',
      'fax_number',
    ].map((field) => [field, 'NA']),
  ),
});
export const requestForm = (fx: AccessFixtures, providerId: number) => ({
  user: fx.member.id,
  patient: fx.patient.id,
  provider: [providerId],
  request_type: 'Medical Records',
  start_date: '2020-01-01',
  end_date: '2024-12-31',
});
