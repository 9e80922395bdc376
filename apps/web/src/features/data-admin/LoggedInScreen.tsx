import { Button, Card, Group, SimpleGrid, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../auth';
import { DetailItem, Loading } from '../../ui';

/** /loggedin/: confirms who is signed in, with the way on to the dashboard. */
export default function LoggedInScreen() {
  const { user } = useAuth();
  if (!user) return <Loading />;
  return (
    <Stack gap="lg" maw={720}>
      <Group gap="sm">
        <ThemeIcon color="green" variant="light" size="lg" radius="xl">
          <IconCircleCheck size={22} />
        </ThemeIcon>
        <Title order={1}>You are signed in</Title>
      </Group>
      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DetailItem label="Name">{user.full_name}</DetailItem>
          <DetailItem label="E-mail">{user.email}</DetailItem>
          <DetailItem label="Company">{user.company_name}</DetailItem>
          <DetailItem label="Access">
            {[user.is_staff ? 'Staff' : 'Member', user.is_admin_user && 'Administrator']
              .filter(Boolean)
              .join(', ')}
          </DetailItem>
          <DetailItem label="Time zone">{user.timezone}</DetailItem>
          <DetailItem label="Signed out after">
            {user.session_timeout_minutes} minutes without activity
          </DetailItem>
        </SimpleGrid>
      </Card>
      <Group>
        <Button component={Link} to="/dashboard/">
          Go to the dashboard
        </Button>
        <Button component={Link} to="/myCrashpads/" variant="default">
          My listings
        </Button>
        <Button component={Link} to="/logOut/" variant="default">
          Sign out
        </Button>
      </Group>
    </Stack>
  );
}
