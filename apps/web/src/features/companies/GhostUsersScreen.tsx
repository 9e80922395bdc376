import type { UserBrief } from '@dd/shared';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { DataTable, EmptyState, idParam, type ScreenProps } from '../../ui';
import { companyKeys, getCompany, listActiveUsers } from './api';

/**
 * /ghostUsers/{company_id}/ ('View Users Experience'): the 'Company User List' with a View button per
 * user that opens /dashboard/{company_id}/{user_id}/, the dashboard as that user sees it. For internal
 * staff (any company) and the firm's own staff.
 */
export default function GhostUsersScreen({ params }: ScreenProps) {
  const id = idParam(params[0]);
  if (id === null) return <EmptyState text="No company found here." />;
  return <CompanyUserList companyId={id} />;
}

function CompanyUserList({ companyId }: { companyId: number }) {
  const company = useQuery({
    queryKey: companyKeys.one(companyId),
    queryFn: ({ signal }) => getCompany(companyId, signal),
  });
  const allowed = company.data?.abilities.can_manage === true;
  const users = useQuery({
    queryKey: companyKeys.activeUsers(companyId),
    queryFn: ({ signal }) => listActiveUsers(companyId, signal),
    enabled: allowed,
  });
  const failure = company.error ?? users.error;
  if (failure) {
    return failure instanceof ApiError && failure.status === 404 ? (
      <EmptyState text="No company found here." />
    ) : (
      <Alert color="red">{failure.message}</Alert>
    );
  }
  if (company.data && !allowed) {
    return <Alert color="yellow">Only staff can view another user's experience.</Alert>;
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Company User List</Title>
        <Text c="dimmed">
          {company.data ? `${company.data.name}: open the dashboard as each user sees it.` : ' '}
        </Text>
      </div>
      <Paper withBorder radius="lg" p="md" maw={720}>
        <DataTable<UserBrief>
          objectName="User"
          rows={users.data}
          loading={users.isPending}
          minWidth={320}
          columns={[
            {
              key: 'name',
              title: 'Name',
              render: (u) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {u.full_name || u.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {u.email}
                  </Text>
                </Stack>
              ),
            },
            {
              key: 'view',
              title: 'View',
              width: 110,
              render: (u) => (
                <Button
                  component={Link}
                  to={`/dashboard/${companyId}/${u.id}/`}
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconEye size={14} />}
                  aria-label={`View ${u.full_name || u.email}`}
                >
                  View
                </Button>
              ),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
