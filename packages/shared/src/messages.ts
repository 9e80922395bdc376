/** Every message a user reads, verbatim from the specification. */
export const MSG = {
  wrongCredentials: 'Wrong Email or Password.',
  badRequest: 'Bad Request',
  noUserWithEmail: 'No user found with that email.',
  resetEmailSent: 'Your password reset email has been sent.',
  messageSent: 'Message Sent',
  contactEmailRequired: 'Email is a required field. Please add your email to the form above.',
  passwordsDoNotMatch: 'Passwords Do Not Match!',
  passwordsMatch: 'Passwords Match!',
  dateFormat: 'Date format needs to be in format mm/dd/yyyy. Ex. 07/03/2020',
  saved: 'Saved',
  emailSent: 'Email Sent!',
  waitingForUpload: 'Waiting for File Upload...',
  areYouSure: 'Are you sure?',
  noPageExists: 'No page exists here.',
  pageDoesNotExistYet: "This page doesn't exist yet. :(",
  usersInvited: 'Users Successfully Invited',
  mergeComplete: 'Merge Complete',
  noProviderChosen: 'Error, No Provider Chosen',
  noPatient: 'There is no patient on this request. Make sure you add one.',
  noProvider: 'There is no provider on this request. Make sure you add at least one.',
  ssnFormat: 'SSN must match the following format ddd-dd-dddd, where d is any number 0-9. Ex. 123-45-6789',
  noProvidersForPatient: 'No providers could be found for this patient.  Please review your selection.',
  noEarlierRequests: 'No earlier requests for this client.',
  noRecordFound: 'No Record Found',
  invoiceTitleRequired: 'Invoice Title is required',
  noDuplicateNames: 'No duplicate names',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  confirmEmailFirst:
    'Please confirm your e-mail address first: open the link we sent you when you signed up (or send a new one from your dashboard).',
  tooManyRequests: 'Too many requests. Please wait a while and try again.',
  nulCharacter: 'The request contains a NUL character (\\u0000 or %00), which is not allowed.',
  invalidValue: 'A value in the request is not valid or is out of range.',
  /** The database connection broke during the call: nothing of it was kept, so sending it again is safe. */
  connectionLost: 'The connection to the database was interrupted. Please try again.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  idempotencyKeyInUse: 'A request with this Idempotency-Key is still being processed. Please try again.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  emailTaken: 'A user with that email already exists.',
  notAllowed: 'You do not have permission to do that.',
  notFound: 'Not found.',
  signInRequired: 'Please sign in.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

export const requiredFieldMessage = (label: string) =>
  `The field ${label} must be filled out to submit the form.`;
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters.`;
export const requiredClientFieldMessage = (field: string) =>
  `${field} is a required field. Please fill it out or if you dont know it, enter NA.`;
export const dateFieldFormatMessage = (field: 'Start Date' | 'End Date') =>
  `${field} Must be in the format MM/DD/YYYY to successfully submit.`;
export const providerExistsMessage = (name: string) =>
  `There is already a provider by that name. Either Assign Provider: ${name} or change the provider name.`;
export const ssnMatchMessage = (clientName: string) =>
  `This SSN matches another client, ${clientName}, if you meant to add this client, click here. Otherwise, double check the SSN.`;
export const userAtAnotherFirmMessage = (email: string) => `${email} already exists at another law firm.`;
export const emptyListMessage = (object: string) => `No ${object}s Found`;
export const splitDoneMessage = (n: number) => `You just split a request into ${n} providers.`;
export const splitMissingProviderMessage = (n: number) =>
  `Your Split in Position ${n} is missing a provider.`;
export const splitNoTypesMessage = (n: number) => `Your Split in Position ${n} has no request types.`;
export const splitTypeNotIncludedMessage = (type: string) =>
  `${type} was not included in any of your splits.`;

/** The e-mail outbox's resend answers. */
export const OUTBOX_MSG = {
  alreadyPending: 'This e-mail is already waiting to be sent.',
  oneTimeLinkGone:
    'This e-mail carried a one-time link, which is never sent twice. Ask for a new link instead (password reset, invitation or e-mail confirmation).',
  queued: 'The e-mail is queued and will be sent in a moment.',
} as const;

/** What the e-mail confirmation screen says (law-firm spec section 1). */
export const CONFIRM_MSG = {
  confirmed: 'Thank you: your e-mail address is confirmed. You can now order records and invite your team.',
  invalid:
    'This confirmation link is invalid, has expired or was already used. Sign in and send a new link from your dashboard.',
  sent: 'We sent a new confirmation link. Open it from your e-mail to finish.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
} as const;

/** The app shell's notices (service worker). */
export const CONNECTION_MSG = {
  offline:
    'You are offline. Screens already open stay readable; saving, uploads and new data wait until the connection is back.',
  update: 'A new version of Direct Docs is available.',
  pageUnavailable: 'This page could not be loaded. Check your connection and try again.',
} as const;
