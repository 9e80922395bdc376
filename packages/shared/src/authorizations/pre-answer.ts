import { type AuthorizationChecklist, EMPTY_AUTHORIZATION_CHECKLIST } from './checklist';
import type { AuthorizationElement } from './elements';

/**
 * What an authorization's own text shows, to pre-tick the staff checklist (never to pass the send: the
 * first send reads only answers staff saved). Only wording that is hard to mistake is read; the signature,
 * the date it was signed and separate consents are for a person to see on the page.
 */
type Tick = (answers: AuthorizationChecklist) => void;
const RULES: [AuthorizationElement, RegExp, Tick][] = [
  [
    'description',
    /(information|records?) to be (used|released|disclosed)|describe[sd]? the (information|records)/,
    (a) => {
      a.description = true;
    },
  ],
  [
    'discloser',
    /authori[sz]e\b.{0,120}?\bto (use|release|disclose)|persons? authori[sz]ed to (release|disclose)/,
    (a) => {
      a.discloser = true;
    },
  ],
  [
    'recipient',
    /\b(released|disclosed) to\b|\brecipient\b|\bto whom\b|release (the |my )?(information|records) to\b/,
    (a) => {
      a.recipient = true;
    },
  ],
  [
    'purpose',
    /\bpurposes?\b/,
    (a) => {
      a.purpose = true;
    },
  ],
  [
    'statements.revocation',
    /\brevok|\brevocation\b/,
    (a) => {
      a.statements.revocation = true;
    },
  ],
  [
    'statements.conditioning',
    /\bcondition(ed|ing)?\b.{0,80}?(treatment|payment|enrollment|eligibility)|(treatment|payment).{0,80}?\bconditioned\b/,
    (a) => {
      a.statements.conditioning = true;
    },
  ],
  [
    'statements.redisclosure',
    /re-?disclos|no longer (be )?protected/,
    (a) => {
      a.statements.redisclosure = true;
    },
  ],
];

const EXPIRES_ON = /expir\w*.{0,80}?\b(\d{1,2}\/\d{1,2}\/\d{4})\b/;

export interface PreAnswer {
  answers: AuthorizationChecklist;
  /** The elements the text showed, so the screen can say which boxes it ticked. */
  elements: AuthorizationElement[];
}

export function preAnswerFromText(text: string): PreAnswer {
  const flat = text.toLowerCase().replace(/\s+/g, ' ');
  const answers: AuthorizationChecklist = {
    ...EMPTY_AUTHORIZATION_CHECKLIST,
    statements: { ...EMPTY_AUTHORIZATION_CHECKLIST.statements },
    separate_consents: [],
  };
  const elements: AuthorizationElement[] = [];
  for (const [element, pattern, tick] of RULES) {
    if (!pattern.test(flat)) continue;
    tick(answers);
    elements.push(element);
  }
  const expires = EXPIRES_ON.exec(flat)?.[1];
  if (expires) {
    answers.expiration = expires;
    elements.push('expiration');
  }
  return { answers, elements };
}
