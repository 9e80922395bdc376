import type { FollowUpAction, FollowUpActionResult, FollowUpSchedule } from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';
import { shows } from '../../api/data';

/**
 * A request's follow-ups to its provider: the schedule (staff and the firm's own users) and the staff
 * actions on it. The schedule shows request data: any change to a request refreshes it, and an action
 * refreshes every request view (it logs a note, and may put the request on the To Do list).
 */
const followUpKeys = {
  schedule: (requestId: number) => ['follow-ups', requestId] as const,
};

export function useFollowUps(requestId: number) {
  return useQuery({
    queryKey: followUpKeys.schedule(requestId),
    queryFn: ({ signal }) =>
      get<FollowUpSchedule>(`/api/home/request/${requestId}/follow_ups/`, undefined, signal),
    meta: shows('requests'),
  });
}

export const runFollowUpAction = (requestId: number, action: FollowUpAction) =>
  post<FollowUpActionResult>(`/api/home/request/${requestId}/follow_ups/${action}/`);
