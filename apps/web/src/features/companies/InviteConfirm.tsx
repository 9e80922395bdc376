/**
 * The invite grid's 'Are you sure?' before a save that takes anyone's access away: users the Active
 * column deactivates, and users missing from the grid (deleted, or deactivated when they have history).
 * Admins are marked, and a save that leaves no active admin says so: internal staff can otherwise
 * switch off a whole firm, its administrator included, in one save.
 */
import { type ManagedUser, MSG } from '@dd/shared';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { SavePreview } from './invite-grid';

const named = (u: ManagedUser) =>
  `${u.full_name || u.email} (${u.email})${u.is_staff ? ', admin access' : ''}`;

function People({ users }: { users: readonly ManagedUser[] }) {
  return (
    <List size="sm">
      {users.map((u) => (
        <List.Item key={u.id}>{named(u)}</List.Item>
      ))}
    </List>
  );
}

/** Does saving this preview need the user's confirmation first? */
export const needsConfirmation = (preview: SavePreview) =>
  preview.removed.length > 0 || preview.deactivated.length > 0;

export function InviteConfirm({
  preview,
  opened,
  onCancel,
  onConfirm,
}: {
  preview: SavePreview;
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { removed, deactivated } = preview;
  const verb = [removed.length ? 'Remove' : '', deactivated.length ? 'Deactivate' : '']
    .filter(Boolean)
    .join(', ');
  return (
    <Modal opened={opened} onClose={onCancel} title={MSG.areYouSure} centered>
      <Stack gap="md">
        {deactivated.length > 0 && (
          <div>
            <Text size="sm">These users will be deactivated and can no longer sign in:</Text>
            <People users={deactivated} />
          </div>
        )}
        {removed.length > 0 && (
          <div>
            <Text size="sm">These users are no longer in the grid and will be removed:</Text>
            <People users={removed} />
            <Text size="sm" c="dimmed" mt="xs">
              Users who have requests, notes or file history are deactivated instead, so their history stays;
              the others are deleted.
            </Text>
          </div>
        )}
        {preview.noAdminLeft && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
            No active user with admin access will be left in this company.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm}>
            {`${verb} and Save`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
