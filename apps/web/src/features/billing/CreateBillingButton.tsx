import { BILLING_MSG, type Billing, BillingCreateBodySchema } from '@dd/shared';
import { Alert, Button, Modal } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Form, TextField } from '../../ui';
import { billingKeys, createBilling } from './api';

/** The form's part of the route's body: the company comes from the screen. */
const TitleSchema = BillingCreateBodySchema.pick({ title: true });

/**
 * Create a billing (administrators): a title ('Invoice Title is required' when empty, checked with the
 * route's own schema) and a confirmation that requests not closed or completed are left out; then the
 * new billing opens.
 */
export function CreateBillingButton({ companyId, companyName }: { companyId: number; companyName: string }) {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const close = () => setOpened(false);

  return (
    <>
      <Button leftSection={<IconFileInvoice size={16} />} onClick={() => setOpened(true)}>
        Create billing
      </Button>
      <Modal opened={opened} onClose={close} title={`Bill ${companyName}`}>
        <Form<{ title?: string }, Billing>
          aria-label={`Bill ${companyName}`}
          schema={TitleSchema}
          submitLabel="Create billing"
          onSubmit={(values) => createBilling({ company: companyId, title: values.title ?? '' })}
          onSuccess={(billing) => {
            void queryClient.invalidateQueries({ queryKey: billingKeys.all });
            setOpened(false);
            navigate(`/invoice/${companyId}/${billing.id}/`);
          }}
          actions={
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
          }
        >
          <TextField
            name="title"
            label="Invoice Title"
            placeholder={`${companyName} - ${new Date().toLocaleString('en-US', { month: 'long', year: 'numeric' })}`}
            autoFocus
          />
          <Alert color="yellow" title="Only finished requests are billed">
            {BILLING_MSG.confirmCreate}
          </Alert>
        </Form>
      </Modal>
    </>
  );
}
