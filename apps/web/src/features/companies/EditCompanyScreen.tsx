import { type Company, MSG } from '@dd/shared';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth';
import { BackButton, ConfirmDeleteButton, EmptyState, idParam, Loading, type ScreenProps } from '../../ui';
import { companyKeys, createCompany, deleteCompany, getCompany, updateCompany } from './api';
import { CompanyForm } from './CompanyForm';

/**
 * /editCompany/{company_id}/ (and /editCompany/new/ for internal staff): the company form for the
 * firm's own staff and for internal staff, a 'Saved' notice, and deleting an empty law firm.
 */
export default function EditCompanyScreen({ params }: ScreenProps) {
  const { user } = useAuth();
  if (!user) return null;
  const creating = params[0]?.toLowerCase() === 'new';
  const id = creating ? null : idParam(params[0]);
  if (!creating && id === null) return <EmptyState text="No company found here." />;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{creating ? 'Add Company' : 'Edit Company Details'}</Title>
        {user.is_internal && <BackButton to="/companyList/">Company List</BackButton>}
      </Group>
      {id !== null ? (
        <ExistingCompany id={id} />
      ) : user.abilities.is_internal_staff ? (
        <CompanyEditor />
      ) : (
        <Alert color="yellow">Only Direct Docs staff can add companies.</Alert>
      )}
    </Stack>
  );
}

function ExistingCompany({ id }: { id: number }) {
  const query = useQuery({ queryKey: companyKeys.one(id), queryFn: ({ signal }) => getCompany(id, signal) });
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <EmptyState text="No company found here." />
    ) : (
      <Alert color="red">{query.error.message}</Alert>
    );
  }
  if (!query.data) return <Loading />;
  if (!query.data.abilities.can_manage) {
    return <Alert color="yellow">Only your company's administrators can edit its details.</Alert>;
  }
  return (
    <>
      <Group justify="flex-end">
        <Button
          component={Link}
          to={`/inviteUsers/${id}/`}
          variant="default"
          leftSection={<IconUserPlus size={16} />}
        >
          Invite Users
        </Button>
      </Group>
      <CompanyEditor key={id} company={query.data} />
    </>
  );
}

/** The form; a new company is opened by internal staff, who set its price. */
function CompanyEditor({ company }: { company?: Company }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <>
      <Paper withBorder radius="lg" p="lg">
        {company?.is_internal && (
          <Text size="sm" c="dimmed" mb="md">
            These are Direct Docs' own details.
          </Text>
        )}
        <CompanyForm
          company={company}
          canSetPrice={company ? company.abilities.can_edit_pricing : true}
          onSubmit={(values) => (company ? updateCompany(company.id, values) : createCompany(values))}
          onSaved={async (saved) => {
            queryClient.setQueryData(companyKeys.one(saved.id), saved.company);
            await queryClient.invalidateQueries({ queryKey: companyKeys.all });
            notifications.show({ color: 'green', message: MSG.saved });
            if (!company) navigate(`/editCompany/${saved.id}/`, { replace: true });
          }}
        />
      </Paper>
      {company?.abilities.can_delete && !company.is_internal && (
        <Group justify="flex-end">
          <ConfirmDeleteButton
            leftSection={<IconTrash size={16} />}
            message={`Delete ${company.name}? Only a company without users or clients can be deleted.`}
            onConfirm={async () => {
              await deleteCompany(company.id);
              queryClient.removeQueries({ queryKey: companyKeys.one(company.id) });
              await queryClient.invalidateQueries({ queryKey: companyKeys.all });
              notifications.show({ color: 'green', message: `${company.name} was deleted.` });
              navigate('/companyList/');
            }}
          >
            Delete Company
          </ConfirmDeleteButton>
        </Group>
      )}
    </>
  );
}
