import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { AuthorizationExpiryFlag } from './AuthorizationExpiryFlag';

afterEach(() => vi.unstubAllGlobals());

const URL = '/api/home/request/7/authorization_expiry/';
const base = { signed_online: true, expires_on: '2026-12-10', renewal_sent: false, expired: false };

describe('staff’s authorization expiry flag', () => {
  it('warns of an online authorization expiring soon and says whether the firm renewed it', async () => {
    stubApi((call) => (call.path === URL ? json({ ...base, days_left: 12, expiring: true }) : undefined));
    renderWithProviders(<AuthorizationExpiryFlag requestId={7} />);
    expect(await screen.findByText('The HIPAA authorization expires soon')).toBeInTheDocument();
    expect(
      screen.getByText(/Signed online; expires on 12\/10\/2026 \(12 days\)\. The firm has been asked/),
    ).toBeInTheDocument();
  });

  it('shows nothing while the authorization has time left', async () => {
    const calls = stubApi((call) =>
      call.path === URL ? json({ ...base, days_left: 200, expiring: false }) : undefined,
    );
    const { container } = renderWithProviders(<AuthorizationExpiryFlag requestId={7} />);
    await vi.waitFor(() => expect(calls.some((c) => c.path === URL)).toBe(true));
    expect(container).not.toHaveTextContent('HIPAA authorization');
  });
});
