import type { CurrentUser } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../test';
import { isSelected, navLinks } from './nav';
import { resolveRoute } from './route-table';

describe('resolveRoute', () => {
  it('chooses the screen by the first segment in lower case, ignoring slashes', () => {
    expect(resolveRoute('/editRequest/12/34/')).toMatchObject({
      screen: 'editrequest',
      params: ['12', '34'],
    });
    expect(resolveRoute('companyList')).toMatchObject({ screen: 'companylist', params: [] });
    expect(resolveRoute('///DASHBOARD//7')).toMatchObject({ screen: 'dashboard', params: ['7'] });
  });

  it('knows the public screens', () => {
    for (const path of [
      '/',
      '/login/',
      '/signup/',
      '/passwordResetRequest/',
      '/passwordReset/5/',
      '/admin/',
      '/about-us/',
      '/contact-us/',
      '/confirmEmail/5/?token=abc',
    ]) {
      expect(resolveRoute(path).isPublic, path).toBe(true);
    }
    expect(resolveRoute('/dashboard/').isPublic).toBe(false);
    expect(resolveRoute('/logOut/').screen).toBe('logout');
  });

  it('treats any unknown path as a website page that needs a login', () => {
    expect(resolveRoute('/Our-Team/')).toMatchObject({
      screen: 'website',
      path: 'Our-Team',
      isPublic: false,
    });
  });
});

const user = (over: Partial<CurrentUser>): CurrentUser => currentUser({ id: 1, company_id: 9, ...over });

const labels = (u: CurrentUser | null) => navLinks(u).map((l) => l.label);

describe('navLinks', () => {
  it('has the four logged-out items', () => {
    expect(labels(null)).toEqual(['Home', 'About Us', 'Contact Us', 'Log In']);
  });

  it('gives a firm user Dashboard and Log Out only', () => {
    expect(labels(user({}))).toEqual(['Dashboard', 'Log Out']);
  });

  it('adds the company items for firm staff, pointing at their own company', () => {
    const links = navLinks(user({ is_staff: true }));
    expect(links.map((l) => l.label)).toEqual([
      'Dashboard',
      'Invoice',
      'Billings',
      'Edit Company Details',
      'Invite Users',
      'API Keys',
      'Webhooks',
      'Log Out',
    ]);
    expect(links.find((l) => l.label === 'Invite Users')?.href).toBe('/inviteUsers/9/');
    expect(links.find((l) => l.label === 'API Keys')?.href).toBe('/apiKeys/');
    expect(links.find((l) => l.label === 'Webhooks')?.href).toBe('/webhooks/');
  });

  it('adds the internal items for internal-company users', () => {
    expect(labels(user({ is_internal: true, is_staff: true }))).toEqual([
      'Dashboard',
      'Invoices',
      'Billings',
      'Company List',
      'Provider List',
      'Request Types',
      'Edit Mappings',
      'Log Out',
    ]);
  });

  it('selects the item whose link equals the current path', () => {
    const [dashboard] = navLinks(user({}));
    expect(isSelected(dashboard, '/dashboard/')).toBe(true);
    expect(isSelected(dashboard, '/dashboard/3/')).toBe(false);
  });
});
