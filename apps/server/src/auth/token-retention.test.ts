import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, signedIn } from '../../test/factories';
import { bearer, getContext } from '../../test/helpers';
import { queryRows } from '../db/client';
import { pruneSpentTokens } from './token-retention';

describe('ended sessions and spent tokens are deleted after 30 days', () => {
  it('deletes what can no longer be used, in batches, and keeps every live session and recent token', async () => {
    const { app, deps } = await getContext();
    const live = await signedIn(deps);
    const user = await createUser(deps.db);
    const maxHours = deps.config.SESSION_MAX_HOURS;
    const session = (label: string, startedAgo: string) =>
      sql`(${label}::uuid, ${user.companyId}, ${user.id}, now() - ${startedAgo}::interval, now() - ${startedAgo}::interval)`;
    const oldId = '00000000-0000-4000-8000-000000000001';
    const recentId = '00000000-0000-4000-8000-000000000002';
    await deps.db.execute(
      sql`insert into sessions (id, company_id, user_id, created_at, last_seen_at) values
            ${session(oldId, `${maxHours} hours 31 days`)}, ${session(recentId, '2 days')}`,
    );
    const token = (family: string, hash: string, expiredAgo: string) =>
      sql`(${user.companyId}, ${user.id}, ${family}::uuid, ${hash}, now() - ${expiredAgo}::interval)`;
    await deps.db.execute(
      sql`insert into refresh_tokens (company_id, user_id, family_id, token_hash, expires_at) values
            ${token(oldId, 'spent-a', '32 days')}, ${token(oldId, 'spent-b', '31 days')},
            ${token(recentId, 'expired-yesterday', '1 day')}`,
    );
    await deps.db.execute(
      sql`insert into one_time_tokens (company_id, user_id, purpose, token_hash, expires_at) values
            (${user.companyId}, ${user.id}, 'reset', 'old-link', now() - interval '40 days'),
            (${user.companyId}, ${user.id}, 'reset', 'fresh-link', now() + interval '1 hour')`,
    );

    expect(await pruneSpentTokens(deps.db, maxHours, 1)).toBeGreaterThanOrEqual(4);

    const left = await queryRows<{ kind: string; key: string }>(
      deps.db,
      sql`select 'session' as kind, id::text as key from sessions where user_id = ${user.id}
          union all select 'refresh', token_hash from refresh_tokens where user_id = ${user.id}
          union all select 'link', token_hash from one_time_tokens where user_id = ${user.id}
          order by kind, key`,
    );
    expect(left).toEqual([
      { kind: 'link', key: 'fresh-link' },
      { kind: 'refresh', key: 'expired-yesterday' },
      { kind: 'session', key: recentId },
    ]);
    expect((await app.inject({ url: '/users/user/', headers: bearer(live.access) })).statusCode).toBe(200);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/users/token/refresh/',
      payload: { refresh: live.refresh },
    });
    expect(refreshed.statusCode).toBe(200);
  });
});
