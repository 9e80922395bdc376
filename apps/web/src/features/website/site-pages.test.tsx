import { ABOUT_PAGE, CONTACT_PAGE, LANDING_PAGE, WEBSITE_FIELDS } from '@dd/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test';
import { SECTION_NAMES, SECTION_TYPES } from './sections/registry';
import { RenderSections } from './sections/render-sections';
import { SiteFooter } from './site-footer';

const LandingPage = () => <RenderSections {...LANDING_PAGE} />;
const AboutPage = () => <RenderSections {...ABOUT_PAGE} />;

describe('landing page', () => {
  it('shows the hero with its calls to action', () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/medical records/i);
    expect(screen.getByRole('link', { name: /get started/i })).toHaveAttribute('href', '/signup/');
    const contactLinks = screen.getAllByRole('link', { name: /contact us/i });
    expect(contactLinks.length).toBeGreaterThanOrEqual(2);
    for (const link of contactLinks) expect(link).toHaveAttribute('href', '/contact-us/');
  });

  it('shows exactly the four feature blurbs Fast, Efficient, Reliable, Secure', () => {
    renderWithProviders(<LandingPage />);
    const features = screen
      .getByRole('heading', { name: 'Records retrieval your firm can count on' })
      .closest('section')!;
    const titles = within(features)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(['Fast', 'Efficient', 'Reliable', 'Secure']);
  });

  it('states the three claims: turnaround, flat rate and privacy safeguards', () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByText(/three-week average turnaround/i)).toBeInTheDocument();
    expect(
      screen.getByText(/flat rate per request, with no contracts, start-up fees or monthly minimums/i),
    ).toBeInTheDocument();
    expect(screen.getByText(/safeguards for health-information privacy under HIPAA/i)).toBeInTheDocument();
  });
});

describe('about page', () => {
  it('says the company is based in Colorado and serves attorneys, insurers and other firms nationwide', () => {
    renderWithProviders(<AboutPage />);
    expect(
      screen.getByText(/based in Colorado\. We serve attorneys, insurers and other firms nationwide/i),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('section registry', () => {
  it('holds every component type the page builder offers, each rendering from its defaults', async () => {
    expect(Object.keys(SECTION_TYPES).sort()).toEqual([...SECTION_NAMES].sort());
    renderWithProviders(<RenderSections components={SECTION_NAMES} componentProps={[]} />);
    // The contact form's code loads with the first page that shows one.
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });

  it('lists editable fields that exist in each section defaults', () => {
    for (const name of SECTION_NAMES) {
      const { defaults } = SECTION_TYPES[name];
      const fields = WEBSITE_FIELDS[name];
      expect(fields.length, name).toBeGreaterThan(0);
      for (const field of fields)
        expect(Object.keys(defaults), `${name}.${field.name}`).toContain(field.name);
    }
  });

  it('renders every component with script-like text as plain text', async () => {
    const payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    for (const name of SECTION_NAMES) {
      const props = Object.fromEntries(
        WEBSITE_FIELDS[name]
          .filter((f) => ['text', 'longtext', 'list'].includes(f.kind))
          .map((f) => [f.name, payload]),
      );
      const { container, unmount } = renderWithProviders(
        <RenderSections components={[name]} componentProps={[props]} />,
      );
      await waitFor(() => expect(screen.queryByLabelText(/^Loading/)).toBeNull());
      expect(container.querySelector('script, img[onerror], [onerror]'), name).toBeNull();
      unmount();
    }
  });

  it('skips unknown component names and reads list props with quoted commas', () => {
    renderWithProviders(
      <RenderSections
        components={['NoSuchThing', 'constructor', 'FeaturesList']}
        componentProps={[{}, {}, { title: 'Ours', items: 'One, "Two, with comma"', icons: 'bolt, lock' }]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Ours' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two, with comma' })).toBeInTheDocument();
  });

  it('uses only known section names in the built-in pages', () => {
    for (const page of [LANDING_PAGE, ABOUT_PAGE, CONTACT_PAGE]) {
      expect(page.components.length).toBe(page.componentProps.length);
      for (const name of page.components) expect(SECTION_NAMES).toContain(name);
    }
  });
});

describe('site footer', () => {
  it('links to About Us, Contact Us and Log In and names Colorado', () => {
    renderWithProviders(<SiteFooter />);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us/');
    expect(within(nav).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us/');
    expect(within(nav).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login/');
    cleanup();
    renderWithProviders(<SiteFooter signedIn />);
    const signedInNav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(signedInNav).queryByRole('link', { name: 'Log In' })).toBeNull();
    expect(within(signedInNav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/',
    );
    expect(screen.getByText(/© \d{4} Direct Docs · Colorado/)).toBeInTheDocument();
  });
});
