import {
  type AuthorizationCheck,
  type AuthorizationChecklist,
  checklistElements,
  EMPTY_AUTHORIZATION_CHECKLIST,
  validateAuthorization,
} from '@dd/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalStaffUser, json, renderWithProviders, requestDetail, stubApi } from '../../test';
import { StaffRequestScreen } from './StaffRequestScreen';

/** The first-send view's HIPAA authorization checklist: what blocks the send, and saving what staff ticked. */
afterEach(() => vi.unstubAllGlobals());

const letter = {
  subject: 'Records',
  text: 'Dear',
  to: 'records@dh.example',
  new_provider: false,
  attachments: [],
};

const checkOf = (answers: AuthorizationChecklist, saved: boolean): AuthorizationCheck => ({
  document_url: 'hipaa-forms/u1/consent.pdf',
  answers,
  pre_answered: [],
  requested_categories: ['mental_health'],
  provider_name: 'Denver Health',
  max_authorization_age_days: 60,
  checked_by: saved ? 'Marcus Reyes' : null,
  checked_at: saved ? '2026-11-20T10:00:00.000Z' : null,
  result: validateAuthorization(checklistElements(answers, ['mental_health']), '2026-11-28', {
    providerName: 'Denver Health',
    maxAgeDays: 60,
  }),
});

describe('authorization checklist', () => {
  it('lists what blocks the send, and saves the ticked elements', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(requestDetail());
      if (call.path === '/api/home/request/21/first_send/') return json(letter);
      if (call.path === '/api/home/request/21/authorization_check/') {
        if (call.method === 'PUT') return json(checkOf(call.body as AuthorizationChecklist, true));
        return json(checkOf(EMPTY_AUTHORIZATION_CHECKLIST, false));
      }
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    const card = (await screen.findByRole('heading', { name: 'HIPAA authorization checklist' })).closest(
      'section',
    )!;
    const blocked = within(card);
    expect(blocked.getByText('Sending is blocked')).toBeInTheDocument();
    expect(
      blocked.getByText('The authorization does not describe the information to be disclosed.'),
    ).toBeInTheDocument();
    expect(blocked.getByText(/Mental health records are requested/)).toBeInTheDocument();
    expect(
      blocked.getByText('Denver Health accepts authorizations signed within the last 60 days.'),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(blocked.getByLabelText('Describes the information to be disclosed'));
    await user.click(blocked.getByLabelText('Separate consent attached for mental health records'));
    await user.type(blocked.getByLabelText(/Expiration date or event/), 'End of case');
    await user.click(blocked.getByRole('button', { name: 'Save checklist' }));
    expect(
      await blocked.findByText('The authorization does not name who may disclose the information.'),
    ).toBeInTheDocument();
    expect(
      blocked.queryByText('The authorization does not describe the information to be disclosed.'),
    ).not.toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      description: true,
      discloser: false,
      expiration: 'End of case',
      separate_consents: ['mental_health'],
    });
  });

  it('is not shown for a request without a HIPAA form', async () => {
    stubApi((call) => {
      if (call.path === '/api/home/request/21/') return json(requestDetail());
      if (call.path === '/api/home/request/21/first_send/') return json(letter);
      if (call.path === '/api/home/request/21/authorization_check/') {
        return json({ ...checkOf(EMPTY_AUTHORIZATION_CHECKLIST, false), document_url: null });
      }
      return undefined;
    });
    renderWithProviders(<StaffRequestScreen id={21} />, { user: internalStaffUser() });
    expect(await screen.findByDisplayValue('Records')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('status', { name: 'Loading the authorization checklist' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('heading', { name: 'HIPAA authorization checklist' })).not.toBeInTheDocument();
  });
});
