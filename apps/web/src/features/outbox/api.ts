/** The e-mail outbox's query keys (staff spec: Email Outbox). */
export const outboxKeys = {
  page: (page: number, size: number) => ['email-outbox', page, size] as const,
};
