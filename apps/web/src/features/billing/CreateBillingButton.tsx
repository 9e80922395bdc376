import { BILLING_MSG } from '@dd/shared';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { billingKeys, createBilling } from './api';

/**
 * Create a billing (administrators): a title ('Invoice Title is required' when empty) and a
 * confirmation that requests not closed or completed are left out; then the new billing opens.
 */
export function CreateBillingButton({ companyId, companyName }: { companyId: number; companyName: string }) {
  const [opened, setOpened] = useState(false);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: () => createBilling({ company: companyId, title }),
    onSuccess: (billing) => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      setOpened(false);
      navigate(`/invoice/${companyId}/${billing.id}/`);
    },
  });
  const close = () => {
    if (create.isPending) return;
    setOpened(false);
    create.reset();
  };

  return (
    <>
      <Button leftSection={<IconFileInvoice size={16} />} onClick={() => setOpened(true)}>
        Create billing
      </Button>
      <Modal opened={opened} onClose={close} title={`Bill ${companyName}`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!title.trim()) {
              setTitleError(BILLING_MSG.titleRequired);
              return;
            }
            setTitleError(null);
            create.mutate();
          }}
        >
          <Stack>
            <TextInput
              label="Invoice Title"
              placeholder={`${companyName} - ${new Date().toLocaleString('en-US', { month: 'long', year: 'numeric' })}`}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              error={titleError}
              data-autofocus
            />
            <Alert color="yellow" title="Only finished requests are billed">
              {BILLING_MSG.confirmCreate}
            </Alert>
            {create.isError && (
              <Text c="red" role="alert">
                {create.error.message}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create billing
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
