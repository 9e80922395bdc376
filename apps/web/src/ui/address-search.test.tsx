import { GEO_MSG } from '@dd/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../test';
import { AddressSearch } from './address-search';
import { Form } from './form';
import { TextField } from './text-fields';

const place = {
  label: '102, North Cascade Avenue, Colorado Springs',
  lat: 38.8363,
  lon: -104.8237,
  address_1: '102 North Cascade Avenue',
  city: 'Colorado Springs',
  state: 'Colorado',
  zip_code: '80903',
};

function renderForm(keepPin = false) {
  const submitted = vi.fn();
  renderWithProviders(
    <Form onSubmit={submitted} submitLabel="Save">
      <AddressSearch keepPin={keepPin} />
      <TextField name="address_1" label="Address 1" />
      <TextField name="city" label="City" />
      <TextField name="zip_code" label="Zip Code" />
    </Form>,
  );
  return submitted;
}

afterEach(() => vi.unstubAllGlobals());

describe('AddressSearch', () => {
  it('fills the address fields from the chosen place and pins it', async () => {
    const calls = stubApi((call) => (call.path === '/api/geocode/' ? json([place]) : undefined));
    const submitted = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Find the address' }), '102 N Cascade{Enter}');
    await userEvent.click(await screen.findByRole('listitem'));
    expect(calls[0].query.get('q')).toBe('102 N Cascade');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveProperty('value', 'Colorado Springs');
    expect(screen.getByText(/Pinned at 38.83630, -104.82370/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show on the map' }).getAttribute('href')).toContain(
      'mlat=38.8363',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(submitted).toHaveBeenCalledWith(
        expect.objectContaining({ address_1: '102 North Cascade Avenue', zip_code: '80903' }),
      ),
    );
  });

  it('keeps the pin as latitude and longitude when asked (host listings)', async () => {
    stubApi((call) => (call.path === '/api/geocode/' ? json([place]) : undefined));
    const submitted = renderForm(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Find the address' }), '102 N Cascade{Enter}');
    await userEvent.click(await screen.findByRole('listitem'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(submitted).toHaveBeenCalledWith(
        expect.objectContaining({ latitude: 38.8363, longitude: -104.8237, city: 'Colorado Springs' }),
      ),
    );
  });

  it("says 'No results found', and why the geocoder failed", async () => {
    stubApi((call) =>
      call.query.get('q') === 'nowhere' ? json([]) : json({ error: GEO_MSG.failed('503') }, 502),
    );
    renderForm();
    const box = screen.getByRole('textbox', { name: 'Find the address' });
    await userEvent.type(box, 'nowhere{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(GEO_MSG.noResults);
    await userEvent.clear(box);
    await userEvent.type(box, 'broken{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(GEO_MSG.failed('503')));
  });
});
