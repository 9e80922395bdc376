/** State of the public contact form: values, validation, sending, sent or failed. */
import { type FormEvent, useState } from 'react';
import { sendContactMessage } from './api';

export interface ContactValues {
  name: string;
  number: string;
  email: string;
  industry: string;
  message: string;
}

const EMPTY_CONTACT: ContactValues = { name: '', number: '', email: '', industry: '', message: '' };

export type ContactStatus =
  | { state: 'idle' }
  | { state: 'invalid'; field: keyof ContactValues; message: string }
  | { state: 'sending' }
  | { state: 'sent' }
  | { state: 'failed'; message: string };

export function useContactForm(send = sendContactMessage) {
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [status, setStatus] = useState<ContactStatus>({ state: 'idle' });

  const setField = (field: keyof ContactValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setStatus((current) => (current.state === 'sending' ? current : { state: 'idle' }));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (status.state === 'sending') return;
    const { checkContact } = await import('./contact-check');
    const parsed = checkContact(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setStatus({ state: 'invalid', field: issue.path[0] as keyof ContactValues, message: issue.message });
      return;
    }
    setStatus({ state: 'sending' });
    try {
      await send(parsed.data);
      setValues(EMPTY_CONTACT);
      setStatus({ state: 'sent' });
    } catch (error) {
      const message =
        error instanceof Error && error.message ? error.message : 'The message could not be sent.';
      setStatus({ state: 'failed', message });
    }
  };

  return { values, status, setField, submit };
}
