/** Types of scripts/test-partner.mjs for the journey that runs it (e2e/tests/webhooks.spec.ts). */
export function verifyWebhook(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now?: number,
): boolean;

export function runTestPartner(options: {
  baseUrl: string;
  email: string;
  password: string;
  apiKey?: string;
  receiverHost?: string;
  timeoutMs?: number;
  onOrdered?: (requestId: number) => Promise<void>;
  log?: (line: string) => void;
}): Promise<{ requestId: number; events: string[]; verified: number; packageBytes: number }>;
