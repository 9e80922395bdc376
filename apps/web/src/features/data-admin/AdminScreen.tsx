import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '../../auth';
import { Loading } from '../../ui';

interface Tool {
  to: string;
  title: string;
  summary: string;
  /** Internal administrators only; the rest are for all internal staff. */
  admin?: boolean;
}

const TOOLS: Tool[] = [
  {
    to: '/applist/',
    title: 'Data administration',
    summary: 'Every kind of record: list, edit, add and import from CSV.',
    admin: true,
  },
  {
    to: '/modelmaker/',
    title: 'Model Maker',
    summary: 'Make data models of your own and apply them.',
    admin: true,
  },
  {
    to: '/apidocs/',
    title: 'API Docs',
    summary: 'The models’ fields and every call of the HTTP API.',
    admin: true,
  },
  { to: '/diskusage/', title: 'Data Usage', summary: 'Space used on the data volume over time.' },
  { to: '/roles/', title: 'Roles', summary: 'Roles and the permissions they grant.' },
  { to: '/emailoutbox/', title: 'E-mail outbox', summary: 'Messages waiting, sent and failed.' },
  { to: '/pages/', title: 'Website pages', summary: 'The public website, page by page.' },
  {
    to: '/list_request_types/',
    title: 'Request Types',
    summary: 'The kinds of records a request can ask for.',
  },
  { to: '/notelist/', title: 'Note Templates', summary: 'Reusable note texts for staff.' },
  { to: '/formlist/', title: 'PDF forms', summary: 'Release and request forms with their field mappings.' },
];

/** /admin/: the administration home, linking every tool the signed-in user may use. */
export default function AdminScreen() {
  const { user, loading } = useAuth();
  if (loading) return <Loading />;
  const intro = (
    <div>
      <Title order={1}>Administration</Title>
      <Text c="dimmed">Tools for Direct Docs staff: data, models, documentation and the website.</Text>
    </div>
  );
  if (!user?.is_internal) {
    return (
      <Stack gap="lg" maw={640}>
        {intro}
        <Card withBorder radius="lg" padding="lg">
          <Text mb="md">
            {user
              ? 'These tools are for Direct Docs staff. Your own company’s settings are on your dashboard.'
              : 'Sign in with a Direct Docs staff account to use these tools.'}
          </Text>
          <Button component={Link} to={user ? '/dashboard/' : '/login/'}>
            {user ? 'Go to my dashboard' : 'Sign in'}
          </Button>
        </Card>
      </Stack>
    );
  }
  const isAdmin = user.is_admin_user;
  return (
    <Stack gap="lg">
      {intro}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {TOOLS.filter((t) => user.is_staff && (!t.admin || isAdmin)).map((tool) => (
          <Card key={tool.to} component={Link} to={tool.to} withBorder radius="lg" padding="lg">
            <Title order={2} size="h4" mb={4}>
              {tool.title}
            </Title>
            <Text size="sm" c="dimmed">
              {tool.summary}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {!isAdmin && (
        <Text size="sm" c="dimmed">
          The data administration, the model maker and the API docs are for administrators.
        </Text>
      )}
    </Stack>
  );
}
