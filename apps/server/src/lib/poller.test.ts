import { describe, expect, it } from 'vitest';
import { createPoller } from './poller';

/**
 * A background loop (job queue, e-mail outbox) whose run fails, as every run does while the database
 * connection is lost, logs the failure and polls again instead of stopping or ending the process.
 */
describe('a background loop', () => {
  it('logs a failed run and runs again on the next poll', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const lost = new Error('Connection terminated unexpectedly');
    const poller = createPoller(
      async () => {
        runs += 1;
        if (runs <= 2) throw lost;
        return 1;
      },
      { pollMs: 5, firstDelayMs: 0, onError: (error) => errors.push(error) },
    );
    poller.start();
    while (runs < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    await poller.stop();
    expect(errors).toEqual([lost, lost]);
    expect(runs).toBeGreaterThanOrEqual(3);
  });
});
