import { useAuth } from '../../auth';
import type { ScreenProps } from '../../ui';
import { RequestListScreen } from '../staff-list';
import DashboardScreen from './DashboardScreen';

/**
 * old_dashboard[/{company_id}] (staff spec section 1): the retrieval company's users get the request list,
 * or with a company id that company's dashboard; everyone else gets their own company's dashboard.
 */
export default function OldDashboardScreen({ params, path }: ScreenProps) {
  const { user } = useAuth();
  if (!user) return null;
  if (user.is_internal && !params[0]) return <RequestListScreen />;
  return <DashboardScreen params={user.is_internal ? params.slice(0, 1) : []} path={path} />;
}
