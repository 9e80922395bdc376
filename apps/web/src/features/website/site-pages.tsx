/** The public pages (/, /about-us/, /contact-us/), rendered from their page-builder data. */
import { ABOUT, CONTACT, LANDING } from './pages';
import { RenderSections } from './sections/render-sections';

export function LandingPage() {
  return <RenderSections {...LANDING} />;
}

export function AboutPage() {
  return <RenderSections {...ABOUT} />;
}

export function ContactPage() {
  return <RenderSections {...CONTACT} />;
}
