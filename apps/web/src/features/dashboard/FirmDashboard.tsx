/**
 * The standard law-firm dashboard (law-firm spec section 2): heading, 'Start New Request', the tutorial
 * video, and the four parts. Staff opening a firm's dashboard (/dashboard/{company_id}/) or a user's
 * (/dashboard/{company_id}/{user_id}/, every call carrying the viewed user) see exactly what the firm sees.
 */

import { RECORDS_SEARCH_MSG } from '@dd/shared';
import { Alert, Anchor, Box, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileSearch, IconPlus } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useSiteSettings } from '../../api/settings';
import { useAuth } from '../../auth';
import { Loading, VideoButton } from '../../ui';
import { FirmView } from '../files';
import { StaleRequestsCard } from '../outcomes';
import { type DashboardTarget, useDashboardInfo } from './api';
import { ClientsPanel } from './ClientsPanel';
import { ConfirmEmailBanner } from './ConfirmEmailBanner';
import { DownloadRecordsPanel } from './DownloadRecordsPanel';
import { NeedAttentionPanel } from './NeedAttentionPanel';
import { RequestsPanel } from './RequestsPanel';

export interface FirmDashboardProps {
  companyId: number;
  /** The staff view-as page (/dashboard/{company_id}/{user_id}/). */
  viewAsUserId?: number;
}

export function FirmDashboard({ companyId, viewAsUserId }: FirmDashboardProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [, setParams] = useSearchParams();
  const requestsRef = useRef<HTMLDivElement>(null);
  const target = useMemo<DashboardTarget>(() => ({ companyId, viewAsUserId }), [companyId, viewAsUserId]);
  const own = user?.company_id === companyId && viewAsUserId === undefined;
  const info = useDashboardInfo(target, !own);
  const settings = useSiteSettings();
  if (!user) return null;

  if (info.isError) {
    const status = info.error instanceof ApiError ? info.error.status : 0;
    return (
      <Alert color="red" title={status === 403 ? 'Not allowed' : 'Dashboard not found'} maw={640} mx="auto">
        {status === 403
          ? 'Only staff can open another user’s dashboard.'
          : 'This company or user does not exist, or you cannot see it.'}{' '}
        <Anchor component={Link} to="/dashboard/" size="sm">
          Go to your dashboard
        </Anchor>
      </Alert>
    );
  }

  const companyName = own ? user.company_name : info.data?.company.name;
  const viewed = info.data?.user;
  const goBack = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(`/ghostUsers/${companyId}/`);
  };
  const showClientRequests = (clientId: number) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('client', String(clientId));
        next.set('open', 'No');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
    requestsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md" data-print-hide>
        <div>
          {companyName ? (
            <Title order={1}>{companyName} Dashboard</Title>
          ) : (
            <Skeleton height={40} width={320} radius="sm" />
          )}
          <Text c="dimmed">
            {viewAsUserId !== undefined
              ? `Viewing the dashboard of ${viewed?.full_name ?? '…'}: the requests where they are the main contact.`
              : own
                ? `Welcome, ${user.first_name}. Records to download, requests that need you, your clients and requests.`
                : `The firm's dashboard as its people see it: records to download, requests that need attention, clients and requests.`}
          </Text>
        </div>
        <Group gap="sm">
          {viewAsUserId !== undefined && user.is_staff && (
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={goBack}>
              Go Back
            </Button>
          )}
          {settings.data?.help_video_url && (
            <VideoButton url={settings.data.help_video_url} title="How the dashboard works" />
          )}
          {own && (
            <Button
              component={Link}
              to="/searchRecords/"
              variant="default"
              leftSection={<IconFileSearch size={18} />}
            >
              {RECORDS_SEARCH_MSG.title}
            </Button>
          )}
          <Button component={Link} to={`/editRequest/${companyId}/`} leftSection={<IconPlus size={18} />}>
            Start New Request
          </Button>
        </Group>
      </Group>
      {own && !user.email_confirmed && <ConfirmEmailBanner email={user.email} />}
      {own && <StaleRequestsCard />}
      {/* Another company's (or user's) dashboard opens once the server has confirmed access. */}
      {!own && !info.data ? (
        <Loading label="Loading dashboard" />
      ) : (
        <FirmView>
          <Grid gap="lg" data-print-hide>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <DownloadRecordsPanel target={target} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <NeedAttentionPanel target={target} />
            </Grid.Col>
            <Grid.Col span={12}>
              <ClientsPanel target={target} onShowRequests={showClientRequests} />
            </Grid.Col>
          </Grid>
          <Box ref={requestsRef} style={{ scrollMarginTop: 80 }}>
            <RequestsPanel target={target} companyName={companyName ?? ''} />
          </Box>
        </FirmView>
      )}
    </Stack>
  );
}
