/**
 * /roles/: Roles and permissions. Internal administrators name roles, tick the permissions
 * each carries (release any claim, fee figures, per-company counts, manage users), and give Direct Docs
 * people a role. It replaces the old product's fixed user and role ids; the server enforces every rule.
 */
import { MSG, PERMISSION_LABELS, PERMISSIONS, type Permission, type Role } from '@dd/shared';
import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCompanyUsers } from '../../api/data';
import { useAuth } from '../../auth';
import { Card, ConfirmDeleteButton, EmptyState, Loading } from '../../ui';
import { assignRole, createRole, deleteRole, roleKeys, updateRole, useRoles } from './api';

const errorText = (error: unknown) => (error instanceof Error ? error.message : MSG.badRequest);

export function RolesScreen() {
  const { user } = useAuth();
  const roles = useRoles(Boolean(user?.abilities.manage_roles));
  if (!user?.abilities.manage_roles) {
    return (
      <Alert color="red" title="Not allowed" maw={640} mx="auto">
        Only Direct Docs administrators manage roles and permissions.
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Roles and Permissions</Title>
        <Text c="dimmed">
          Give Direct Docs people a role; each role carries the permissions ticked on it. Changes apply on
          their next click.
        </Text>
        <Text c="dimmed">
          Only staff work requests: they claim them, are assigned them and hold roles. Direct Docs users who
          are not staff are not offered here; make them staff on the Direct Docs user list first.
        </Text>
      </div>
      {roles.isError && <Alert color="red">{errorText(roles.error)}</Alert>}
      {roles.isPending ? (
        <Loading label="Loading roles" />
      ) : (
        <>
          <NewRole />
          {roles.data?.length ? (
            roles.data.map((role) => <RoleCard key={role.id} role={role} companyId={user.company_id} />)
          ) : (
            <EmptyState objectName="Role" />
          )}
        </>
      )}
    </Stack>
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: roleKeys.all });
}

function NewRole() {
  const refresh = useRefresh();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setError(null);
    try {
      await createRole({ name, permissions: [] });
      setName('');
      notifications.show({ color: 'green', message: `Role '${name.trim()}' added.` });
      await refresh();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  return (
    <Paper withBorder radius="lg" p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="New role"
            placeholder="e.g. Billing lead"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={100}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" leftSection={<IconPlus size={16} />} disabled={!name.trim()}>
            Add Role
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function RoleCard({ role, companyId }: { role: Role; companyId: number }) {
  const refresh = useRefresh();
  const people = useCompanyUsers(companyId);
  const [name, setName] = useState(role.name);
  const [saving, setSaving] = useState(false);
  const save = async (permissions: string[], newName = role.name) => {
    setSaving(true);
    try {
      await updateRole(role.id, { name: newName, permissions: permissions as Permission[] });
      notifications.show({ color: 'green', message: MSG.saved });
      await refresh();
    } catch (failure) {
      notifications.show({ color: 'red', title: 'Nothing was changed', message: errorText(failure) });
      setName(role.name);
    } finally {
      setSaving(false);
    }
  };
  const give = async (userId: number | null, roleId: number | null) => {
    if (userId === null) return;
    try {
      await assignRole(userId, roleId);
      await refresh();
    } catch (failure) {
      notifications.show({ color: 'red', title: 'Nothing was changed', message: errorText(failure) });
    }
  };
  const memberIds = new Set(role.members.map((m) => m.id));
  const choices = (people.data ?? [])
    .map(({ User }) => User)
    // Only staff hold work, so only staff hold a role (the server refuses anyone else).
    .filter((u) => u.is_active && u.is_staff && !memberIds.has(u.id))
    .map((u) => ({ value: String(u.id), label: u.full_name }));

  return (
    <Card
      title={role.name}
      actions={
        <ConfirmDeleteButton
          label="Delete Role"
          leftSection={<IconTrash size={14} />}
          message={`Delete the role '${role.name}'?`}
          onConfirm={async () => {
            await deleteRole(role.id);
            await refresh();
          }}
        />
      }
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={100}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button
          variant="default"
          loading={saving}
          disabled={!name.trim() || name.trim() === role.name}
          onClick={() => save(role.permissions, name.trim())}
        >
          Rename
        </Button>
      </Group>
      <Stack gap="xs" role="group" aria-label={`Permissions of ${role.name}`}>
        {PERMISSIONS.map((permission) => (
          <Checkbox
            key={permission}
            label={PERMISSION_LABELS[permission].label}
            description={PERMISSION_LABELS[permission].help}
            checked={role.permissions.includes(permission)}
            disabled={saving}
            onChange={(event) =>
              save(
                event.currentTarget.checked
                  ? [...role.permissions, permission]
                  : role.permissions.filter((p) => p !== permission),
              )
            }
          />
        ))}
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          People with this role
        </Text>
        {role.members.length === 0 && (
          <Text size="sm" c="dimmed">
            Nobody yet.
          </Text>
        )}
        {role.members.map((member) => (
          <Group key={member.id} justify="space-between" gap="xs">
            <Text size="sm">{member.full_name}</Text>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={`Remove ${member.full_name} from ${role.name}`}
              onClick={() => give(member.id, null)}
            >
              Remove
            </Button>
          </Group>
        ))}
        <Select
          label={`Give ${role.name} to`}
          placeholder="Choose a staff member"
          data={choices}
          value={null}
          searchable
          nothingFoundMessage="Nobody else"
          onChange={(value) => give(value ? Number(value) : null, role.id)}
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
    </Card>
  );
}
