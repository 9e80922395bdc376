import type { CurrentUser } from '@dd/shared';

/** Navigation bar variants (both specs, section 2). */
export interface NavLink {
  label: string;
  href: string;
}

export function navLinks(user: CurrentUser | null | undefined): NavLink[] {
  if (!user) {
    return [
      { label: 'Home', href: '/' },
      { label: 'About Us', href: '/about-us/' },
      { label: 'Contact Us', href: '/contact-us/' },
      { label: 'Log In', href: '/login/' },
    ];
  }
  const links: NavLink[] = [{ label: 'Dashboard', href: '/dashboard/' }];
  if (user.is_internal) {
    links.push(
      { label: 'Invoices', href: '/invoices/' },
      { label: 'Billings', href: '/billings/' },
      { label: 'Company List', href: '/companyList/' },
      { label: 'Provider List', href: '/providerList/' },
      { label: 'Request Types', href: '/list_request_types/' },
      { label: 'Edit Mappings', href: '/formlist/' },
    );
  } else if (user.is_staff) {
    links.push(
      { label: 'Invoice', href: `/invoice/${user.company_id}/` },
      { label: 'Billings', href: '/billings/' },
      { label: 'Edit Company Details', href: `/editCompany/${user.company_id}/` },
      { label: 'Invite Users', href: `/inviteUsers/${user.company_id}/` },
      { label: 'API Keys', href: '/apiKeys/' },
      { label: 'Webhooks', href: '/webhooks/' },
    );
  }
  links.push({ label: 'Log Out', href: '/logOut/' });
  return links;
}

/** A nav item is selected when its link equals the current path. */
export function isSelected(link: NavLink, pathname: string): boolean {
  return link.href === pathname;
}
