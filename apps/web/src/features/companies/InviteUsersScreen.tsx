import { InviteErrorSchema, type InviteResult, type ManagedUser, MSG } from '@dd/shared';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, refusalDetails } from '../../api/client';
import { useAuth } from '../../auth';
import { EmptyState, idParam, Loading, type ScreenProps } from '../../ui';
import { companyKeys, getCompany, listCompanyUsers, saveInviteGrid } from './api';
import { InviteConfirm, needsConfirmation } from './InviteConfirm';
import { InviteGrid } from './InviteGrid';
import { type Grid, gridToRows, previewSave, rowsWithErrors, usersToGrid } from './invite-grid';

/**
 * /inviteUsers/{company_id}/: the invite grid for the company's staff and internal staff. One Save
 * sends the whole grid; the server applies the spec's rules in one transaction and either reports
 * 'Users Successfully Invited' or lists every problem (nothing is saved then).
 */
export default function InviteUsersScreen({ params }: ScreenProps) {
  const { user } = useAuth();
  if (!user) return null;
  const id = idParam(params[0]);
  if (id === null) return <EmptyState text="No company found here." />;
  return <InviteUsers companyId={id} selfId={user.id} />;
}

function InviteUsers({ companyId, selfId }: { companyId: number; selfId: number }) {
  const company = useQuery({
    queryKey: companyKeys.one(companyId),
    queryFn: ({ signal }) => getCompany(companyId, signal),
  });
  const allowed = company.data?.abilities.can_manage === true;
  const users = useQuery({
    queryKey: companyKeys.users(companyId),
    queryFn: ({ signal }) => listCompanyUsers(companyId, signal),
    enabled: allowed,
  });
  const [result, setResult] = useState<InviteResult | null>(null);
  const failure = company.error ?? users.error;
  if (failure) {
    return failure instanceof ApiError && failure.status === 404 ? (
      <EmptyState text="No company found here." />
    ) : (
      <Alert color="red">{failure.message}</Alert>
    );
  }
  if (company.data && !allowed) {
    return <Alert color="yellow">Only your company's administrators can invite users.</Alert>;
  }
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Invite Users</Title>
        <Text c="dimmed">{company.data?.name ?? ' '}</Text>
      </div>
      {result && (
        <Alert
          color="green"
          icon={<IconCheck size={18} />}
          title={result.success}
          withCloseButton
          onClose={() => setResult(null)}
        >
          {summary(result)}
        </Alert>
      )}
      {users.data ? (
        <InviteEditor
          key={users.dataUpdatedAt}
          companyId={companyId}
          users={users.data}
          selfId={selfId}
          onSaved={setResult}
        />
      ) : (
        <Loading />
      )}
    </Stack>
  );
}

function summary(r: InviteResult): string {
  const parts = [
    `${r.created} invited`,
    `${r.updated} updated`,
    `${r.removed} removed`,
    ...(r.deactivated ? [`${r.deactivated} deactivated (they have requests or history)`] : []),
  ];
  return `${parts.join(', ')}.`;
}

interface EditorProps {
  companyId: number;
  users: ManagedUser[];
  selfId: number;
  onSaved: (result: InviteResult) => void;
}

function InviteEditor({ companyId, users, selfId, onSaved }: EditorProps) {
  const queryClient = useQueryClient();
  const [grid, setGrid] = useState<Grid>(() => usersToGrid(users));
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const preview = useMemo(() => previewSave(grid, users, selfId), [grid, users, selfId]);
  const errorRows = useMemo(() => rowsWithErrors(grid, errors), [grid, errors]);

  const save = async () => {
    setConfirming(false);
    setSaving(true);
    setErrors([]);
    try {
      const result = await saveInviteGrid(companyId, gridToRows(grid));
      notifications.show({ color: 'green', message: MSG.usersInvited });
      onSaved(result);
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
    } catch (error) {
      const listed = refusalDetails(error, InviteErrorSchema)?.errors;
      setErrors(listed ?? [error instanceof Error ? error.message : MSG.badRequest]);
    } finally {
      setSaving(false);
    }
  };

  const onSave = () => {
    if (preview.errors.length) setErrors(preview.errors);
    else if (needsConfirmation(preview)) setConfirming(true);
    else void save();
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Text size="sm" c="dimmed" maw={720}>
            Rows without an email are skipped. <b>Admin Access</b>: TRUE gives admin access, anything else
            does not. <b>Active</b>: FALSE deactivates the user, anything else keeps them active. Removing a
            row removes that user: users who have requests, notes or file history are deactivated instead
            (they can no longer sign in, and their history stays); the others are deleted. You are asked
            before anyone loses access. New active users get an e-mail inviting them to choose a password;
            inactive ones get it when they are activated. You can paste rows copied from a spreadsheet; arrow
            keys and Enter move between cells.
          </Text>
          <Group gap="sm">
            <Text size="sm" aria-live="polite">
              {preview.count} {preview.count === 1 ? 'user' : 'users'}
              {preview.added ? `, ${preview.added} new` : ''}
              {preview.removed.length ? `, ${preview.removed.length} to remove` : ''}
            </Text>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              disabled={saving}
              aria-busy={saving || undefined}
              onClick={onSave}
            >
              Save
            </Button>
          </Group>
        </Group>
        {errors.length > 0 && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Nothing was saved">
            <List size="sm">
              {errors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <InviteGrid grid={grid} onChange={setGrid} errorRows={errorRows} />
      </Stack>
      <InviteConfirm
        preview={preview}
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save()}
      />
    </Paper>
  );
}
