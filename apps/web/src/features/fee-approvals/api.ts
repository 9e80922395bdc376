import type { FeeApproval, FeeDeclineBody } from '@dd/shared';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../api/client';
import { shows } from '../../api/data';

/**
 * A request's provider fees waiting for (or answered by) the firm. They show request data: any change to
 * a request refreshes them, and an answer refreshes every request view (it moves the request's status).
 */
const feeApprovalKeys = {
  list: (requestId: number) => ['fee-approvals', requestId] as const,
};

export function useFeeApprovals(requestId: number) {
  return useQuery({
    queryKey: feeApprovalKeys.list(requestId),
    queryFn: ({ signal }) =>
      get<{ results: FeeApproval[] }>(`/api/home/request/${requestId}/fee_approvals/`, undefined, signal),
    meta: shows('requests'),
  });
}

type Answer = { success: string; approval: FeeApproval };

export const approveFee = (requestId: number, approvalId: number) =>
  post<Answer>(`/api/home/request/${requestId}/fee_approvals/${approvalId}/approve/`);

export const declineFee = (requestId: number, approvalId: number, body: FeeDeclineBody) =>
  post<Answer>(`/api/home/request/${requestId}/fee_approvals/${approvalId}/decline/`, body);
