import type { CompanyListItem } from '@dd/shared';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { pageFirms } from '../../api/choices';
import { useAuth } from '../../auth';
import { NamedList } from '../../ui';
import { companyKeys } from './api';

/**
 * /companyList/ (internal company only): law firms (never Direct Docs itself, linked above the list) with a name filter, their user and request counts,
 * and the row links Edit, Invite, View Users Experience, Add Request and View Dashboard.
 */
function RowLinks({ company }: { company: CompanyListItem }) {
  const links = [
    { label: 'Edit', to: `/editCompany/${company.id}/` },
    { label: 'Invite', to: `/inviteUsers/${company.id}/` },
    { label: 'View Users Experience', to: `/ghostUsers/${company.id}/` },
    { label: 'Add Request', to: `/editRequest/${company.id}/` },
    { label: 'View Dashboard', to: `/dashboard/${company.id}/` },
  ];
  return (
    <Group gap="xs" wrap="wrap">
      {links.map((link) => (
        <Button
          key={link.label}
          component={Link}
          to={link.to}
          size="compact-sm"
          variant="light"
          aria-label={`${link.label}: ${company.name}`}
        >
          {link.label}
        </Button>
      ))}
    </Group>
  );
}

export default function CompanyListScreen() {
  const { user } = useAuth();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Company List</Title>
          <Text c="dimmed">Every law firm, with its users and requests.</Text>
        </div>
        {user?.is_staff && (
          <Button component={Link} to="/editCompany/new/" leftSection={<IconPlus size={16} />}>
            Add Company
          </Button>
        )}
      </Group>
      {user?.is_internal && (
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            Direct Docs is not a law firm, so it is not listed here. Its own:
          </Text>
          <Anchor component={Link} to={`/editCompany/${user.company_id}/`} size="sm">
            Direct Docs details
          </Anchor>
          <Anchor component={Link} to={`/inviteUsers/${user.company_id}/`} size="sm">
            Direct Docs users
          </Anchor>
        </Group>
      )}
      <Paper withBorder radius="lg" p="md">
        <NamedList<CompanyListItem>
          objectName="Company"
          emptyText="No Companies Found"
          filterLabel="Name"
          placeholder="Filter by company name"
          minWidth={980}
          queryKey={(name, page, size) => companyKeys.page(name, page, size)}
          load={(name, page, size, signal) => pageFirms(name, page, size, signal)}
          columns={[
            {
              key: 'name',
              title: 'Name',
              render: (c) => (
                <Stack gap={0}>
                  <Anchor component={Link} to={`/editCompany/${c.id}/`} fw={600}>
                    {c.name}
                  </Anchor>
                  {(c.city || c.state) && (
                    <Text size="xs" c="dimmed">
                      {[c.city, c.state].filter(Boolean).join(', ')}
                    </Text>
                  )}
                </Stack>
              ),
            },
            { key: 'users_count', title: 'Users', render: (c) => c.users_count, width: 80, align: 'right' },
            {
              key: 'open_requests_count',
              title: 'Open Requests',
              render: (c) => c.open_requests_count,
              width: 140,
              align: 'right',
            },
            {
              key: 'requests_count',
              title: 'All Requests',
              render: (c) => c.requests_count,
              width: 130,
              align: 'right',
            },
            { key: 'links', title: 'Actions', render: (c) => <RowLinks company={c} /> },
          ]}
        />
      </Paper>
    </Stack>
  );
}
