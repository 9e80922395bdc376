import { SIGNING_MSG } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../test';
import SignScreen from './SignScreen';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'a'.repeat(43);
const LINK = `/api/signing/${TOKEN}/`;
const doc = {
  title: 'Authorization to Disclose Protected Health Information',
  client_name: 'Rebecca Adams',
  firm_name: 'Smith Law Group',
  sections: [{ heading: 'My right to revoke', text: 'I may revoke this authorization at any time.' }],
};

describe('the client’s signing page', () => {
  it('names nobody until the date of birth matches, then shows the authorization and signs it typed', async () => {
    const calls = stubApi((call) => {
      if (call.path === LINK) return json({ status: 'ready' });
      if (call.path === `${LINK}identity/`) {
        const ok = (call.body as { date_of_birth: string }).date_of_birth === '1962-08-09';
        return ok ? json(doc) : json({ error: SIGNING_MSG.wrongDob(4), fields: {} }, 403);
      }
      if (call.path === `${LINK}sign/`) return json({ status: 'signed' });
      return undefined;
    });
    renderWithProviders(<SignScreen params={[TOKEN]} path={`sign/${TOKEN}`} />);
    const user = userEvent.setup();
    const dob = await screen.findByLabelText(/Your date of birth/);
    await user.type(dob, '1901-01-01');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(SIGNING_MSG.wrongDob(4))).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Rebecca');
    expect(document.body).not.toHaveTextContent('Smith Law');

    await user.clear(dob);
    await user.type(dob, '1962-08-09');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'My right to revoke' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign authorization' }));
    expect(await screen.findByText(SIGNING_MSG.signatureNeeded)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    await user.click(screen.getByRole('button', { name: 'Sign authorization' }));
    expect(await screen.findByText(SIGNING_MSG.agreeNeeded)).toBeInTheDocument();
    await user.click(screen.getByLabelText('I have read this authorization and I sign it electronically.'));
    await user.click(screen.getByRole('button', { name: 'Sign authorization' }));
    expect(await screen.findByText('Thank you, you have signed')).toBeInTheDocument();
    const signed = calls.find((c) => c.path === `${LINK}sign/`);
    expect(signed?.body).toEqual({
      date_of_birth: '1962-08-09',
      signer_name: 'Rebecca Adams',
      signature: { kind: 'typed' },
      agree: true,
      representative: null,
    });
  });

  it('lets a personal representative sign in their own name, with their relationship and authority', async () => {
    const calls = stubApi((call) => {
      if (call.path === LINK) return json({ status: 'ready' });
      if (call.path === `${LINK}identity/`) return json(doc);
      if (call.path === `${LINK}sign/`) return json({ status: 'signed' });
      return undefined;
    });
    renderWithProviders(<SignScreen params={[TOKEN]} path={`sign/${TOKEN}`} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Your date of birth/), '1962-08-09');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'My right to revoke' });
    await user.click(screen.getByLabelText('I am signing for the patient as their personal representative'));
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('');
    await user.type(screen.getByLabelText(/^Full name/), 'Laura Adams');
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    await user.click(screen.getByLabelText('I have read this authorization and I sign it electronically.'));
    await user.click(screen.getByRole('button', { name: 'Sign authorization' }));
    expect(await screen.findByText(SIGNING_MSG.representativeRelationship)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /I am the patient's/ }));
    await user.click(await screen.findByRole('option', { name: 'Court-appointed guardian' }));
    await user.click(screen.getByRole('button', { name: 'Sign authorization' }));
    expect(await screen.findByText(SIGNING_MSG.representativeAuthority)).toBeInTheDocument();
    await user.type(
      screen.getByLabelText(/My authority to sign/),
      'Letters of guardianship, Denver Probate Court, 03/02/2024',
    );
    await user.click(screen.getByRole('button', { name: 'Sign authorization' }));
    expect(await screen.findByText('Thank you, you have signed')).toBeInTheDocument();
    expect(calls.find((c) => c.path === `${LINK}sign/`)?.body).toMatchObject({
      signer_name: 'Laura Adams',
      representative: {
        relationship: 'guardian',
        authority: 'Letters of guardianship, Denver Probate Court, 03/02/2024',
      },
    });
  });

  it('says a locked link cannot be used', async () => {
    stubApi((call) => (call.path === LINK ? json({ status: 'locked' }) : undefined));
    renderWithProviders(<SignScreen params={[TOKEN]} path={`sign/${TOKEN}`} />);
    expect(await screen.findByText(SIGNING_MSG.locked)).toBeInTheDocument();
  });
});
