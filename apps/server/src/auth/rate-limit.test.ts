import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getContext } from '../../test/helpers';
import { consume, readWindow } from './rate-limit';

describe('rate limits kept in the database', () => {
  it('refuses the call after the limit with a 429 and a retry time, per key', async () => {
    const { deps } = await getContext();
    const rule = { bucket: `test-${randomUUID()}`, limit: 2, windowSeconds: 60 };
    await consume(deps.db, rule, 'a');
    await consume(deps.db, rule, 'a');
    await expect(consume(deps.db, rule, 'a')).rejects.toMatchObject({ statusCode: 429 });
    await consume(deps.db, rule, 'b');
    const state = await readWindow(deps.db, rule, 'a');
    expect(state.count).toBe(2);
    expect(state.retryAfter).toBeGreaterThan(0);
    expect(state.retryAfter).toBeLessThanOrEqual(60);
  });

  it('forgets hits that left the window', async () => {
    const { deps } = await getContext();
    const rule = { bucket: `test-${randomUUID()}`, limit: 1, windowSeconds: 1 };
    await consume(deps.db, rule, 'k');
    await new Promise((r) => setTimeout(r, 1100));
    await expect(consume(deps.db, rule, 'k')).resolves.toBeUndefined();
  });
});
