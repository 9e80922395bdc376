import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth';
import type { ScreenProps } from '../../app/screens';
import { FrameScreen } from '../frames/FrameScreen';
import { FRAMES } from '../frames/frames';
import { FirmDashboard } from './FirmDashboard';

/**
 * Dashboard route choice (law-firm spec section 2): with company and user id, that user's view; with a
 * company id, staff get the per-company dashboard and others the standard one; with none, internal users
 * get the staff data dashboard and everyone else the standard dashboard.
 */
const positiveId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export default function DashboardScreen({ params }: ScreenProps) {
  const { user } = useAuth();
  if (!user) return null;
  const [companyParam, userParam] = params;
  if (!companyParam && user.is_internal) return <FrameScreen frame={FRAMES.data_dashboard} />;
  if (companyParam && !userParam && user.is_staff) return <FrameScreen frame={FRAMES.old_dashboard} />;
  const companyId = companyParam ? positiveId(companyParam) : user.company_id;
  const viewAsUserId = userParam ? positiveId(userParam) : undefined;
  if (companyId === undefined || (userParam && viewAsUserId === undefined)) {
    return (
      <Alert color="red" title="Dashboard not found" maw={640} mx="auto">
        Check the address.{' '}
        <Anchor component={Link} to="/dashboard/" size="sm">
          Go to your dashboard
        </Anchor>
      </Alert>
    );
  }
  return (
    <FirmDashboard
      key={`${companyId}-${viewAsUserId ?? ''}`}
      companyId={companyId}
      viewAsUserId={viewAsUserId}
    />
  );
}
