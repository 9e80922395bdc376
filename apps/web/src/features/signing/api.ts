import type {
  DeclineBody,
  RevokeSigningBody,
  SendSigningBody,
  SignBody,
  SigningDocument,
  SigningLinkState,
  SigningRequest,
  SigningSent,
} from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';

/** Signing links of a client (the firm's side) and the client's own link (no account). */
export const signingKeys = {
  list: (patientId: number) => ['signing', patientId] as const,
  link: (token: string) => ['signing-link', token] as const,
  expiry: (requestId: number) => ['authorization-expiry', requestId] as const,
};

export function useSigningRequests(patientId: number) {
  return useQuery({
    queryKey: signingKeys.list(patientId),
    queryFn: ({ signal }) =>
      get<SigningRequest[]>(`/api/home/patient/${patientId}/signing/`, undefined, signal),
  });
}

export const sendSigningLink = (patientId: number, body: SendSigningBody) =>
  post<SigningSent>(`/api/home/patient/${patientId}/signing/`, body);

export const revokeSigning = (patientId: number, signingId: number, body: RevokeSigningBody) =>
  post<{ success: string; cancelled: number[] }>(
    `/api/home/patient/${patientId}/signing/${signingId}/revoke/`,
    body,
  );

export const resendSigningLink = (patientId: number, signingId: number) =>
  post<SigningSent>(`/api/home/patient/${patientId}/signing/${signingId}/resend/`);

const link = (token: string, step = '') =>
  `/api/signing/${encodeURIComponent(token)}/${step ? `${step}/` : ''}`;

export const openSigningLink = (token: string) => get<SigningLinkState>(link(token));
export const confirmIdentity = (token: string, dateOfBirth: string) =>
  post<SigningDocument>(link(token, 'identity'), { date_of_birth: dateOfBirth });
export const signAuthorization = (token: string, body: SignBody) =>
  post<{ status: 'signed' }>(link(token, 'sign'), body);
export const declineAuthorization = (token: string, body: DeclineBody) =>
  post<{ status: 'declined' }>(link(token, 'decline'), body);

export const renewSigningLink = (patientId: number, signingId: number) =>
  post<SigningSent>(`/api/home/patient/${patientId}/signing/${signingId}/renew/`);
