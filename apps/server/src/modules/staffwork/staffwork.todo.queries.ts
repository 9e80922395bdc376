import { type TodoSummary, todayIn } from '@dd/shared';
import { and, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { visibleRequests } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { requests } from '../../db/schema';
import { notArchived } from '../requests/requests.staff-filters.queries';

/**
 * GET /api/home/request/todo/: how much is due for the caller, by today in their own time zone (the
 * staff home's counts and the To Do list's groups); archived requests are left out, as on the list.
 * One aggregate over the next_todo_date index.
 */
export async function todoSummary(db: DbOrTx, auth: Auth): Promise<TodoSummary> {
  const today = todayIn(auth.timezone);
  const [row] = await db
    .select({
      overdue: sql<number>`count(*) filter (where ${requests.nextTodoDate} < ${today}::date)`.mapWith(Number),
      due_today: sql<number>`count(*) filter (where ${requests.nextTodoDate} = ${today}::date)`.mapWith(
        Number,
      ),
      rush: sql<number>`count(*) filter (where ${requests.rush})`.mapWith(Number),
    })
    .from(requests)
    .where(and(visibleRequests(auth), notArchived, sql`${requests.nextTodoDate} <= ${today}::date`));
  return row;
}
