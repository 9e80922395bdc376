import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SectionShell } from './shared';
import { defineSection } from './types';

const ContactFormView = lazy(() => import('./contact-form-view').then((m) => ({ default: m.ContactForm })));

/** The contact form (name, number, email, industry, message) beside a short panel about the company. */
export interface ContactFormProps {
  title: string;
  text: string;
  buttonLabel: string;
  industries: string;
  asideTitle: string;
  asideText: string;
  asidePoints: string;
  asideIcons: string;
  background: string;
}

export const CONTACT_FORM_DEFAULTS: ContactFormProps = {
  title: 'Send us a message',
  text: 'Fill in the form and we will get back to you.',
  buttonLabel: 'Send Message',
  industries: 'Law firm, Insurance, Other',
  asideTitle: '',
  asideText: '',
  asidePoints: '',
  asideIcons: '',
  background: '',
};

/** Holds the section's place (about the form's height) while its code loads. */
function ContactFormSection(props: Partial<ContactFormProps>) {
  return (
    <Suspense
      fallback={
        <SectionShell background={props.background ?? ''} size="sm">
          <Center mih={560}>
            <Loader aria-label="Loading the contact form" />
          </Center>
        </SectionShell>
      }
    >
      <ContactFormView {...props} />
    </Suspense>
  );
}

export const CONTACT_FORM_SECTION = defineSection<ContactFormProps>({
  component: ContactFormSection,
  defaults: CONTACT_FORM_DEFAULTS,
});
