/** The e-mail outbox's query keys (staff spec: Email Outbox). */
export const outboxKeys = {
  all: ['email-outbox'] as const,
  page: (page: number, size: number) => ['email-outbox', page, size] as const,
};
