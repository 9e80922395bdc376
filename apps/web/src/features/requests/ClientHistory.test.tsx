import { MSG } from '@dd/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import { ClientHistory } from './ClientHistory';

afterEach(() => vi.unstubAllGlobals());

describe('ClientHistory', () => {
  it('says calmly that a new client has no earlier requests (no error wording)', async () => {
    stubApi((call) =>
      call.path === '/api/home/request/'
        ? json({ count: 0, next: null, previous: null, results: [] })
        : undefined,
    );
    renderWithProviders(<ClientHistory patientId={4} />);
    expect(await screen.findByText(MSG.noEarlierRequests)).toBeInTheDocument();
    expect(screen.queryByText(MSG.noProvidersForPatient)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('flags a past request that is overdue with the provider', async () => {
    stubApi((call) =>
      call.path === '/api/home/request/'
        ? json({
            count: 2,
            next: null,
            previous: null,
            results: [
              {
                id: 1,
                status: 'In Contact With Provider',
                provider: { name: 'Mercy Hospital' },
                deadline_status: 'very_overdue',
              },
              {
                id: 2,
                status: 'In Contact With Provider',
                provider: { name: 'Cedar Clinic' },
                deadline_status: 'on_track',
              },
            ],
          })
        : undefined,
    );
    renderWithProviders(<ClientHistory patientId={4} />);
    expect(await screen.findByText('Overdue 30+ days')).toBeInTheDocument();
    expect(screen.queryByText('On track')).toBeNull();
  });

  it("asks to review the selection when the client's requests cannot be read", async () => {
    stubApi((call) => (call.path === '/api/home/request/' ? json({ error: 'Not found.' }, 404) : undefined));
    renderWithProviders(<ClientHistory patientId={4} />);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'No providers could be found for this patient. Please review your selection.',
    );
  });
});
