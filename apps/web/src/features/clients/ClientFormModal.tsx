import type { ClientSummary } from '@dd/shared';
import { Alert, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { Loading, type Uploader } from '../../ui';
import { clientKeys, getClient, getClientSsn } from './api';
import { ClientForm } from './ClientForm';

/**
 * Create or edit a client inside a modal (spec section 2). Editing loads the client and its SSN
 * (through /get_related_info/, never cached beyond the open modal).
 */
export interface ClientFormModalProps {
  opened: boolean;
  onClose: () => void;
  companyId: number;
  clientId?: number;
  onSaved: (client: ClientSummary) => void;
  /** Replaces the real upload (tests). */
  uploader?: Uploader;
}

export function ClientFormModal({
  opened,
  onClose,
  companyId,
  clientId,
  onSaved,
  uploader,
}: ClientFormModalProps) {
  const done = (client: ClientSummary) => {
    onSaved(client);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={clientId ? 'Edit Client' : 'Add New Client'}
      size="xl"
      centered
      closeOnClickOutside={false}
    >
      {opened &&
        (clientId ? (
          <EditClient
            clientId={clientId}
            companyId={companyId}
            onDone={done}
            onCancel={onClose}
            uploader={uploader}
          />
        ) : (
          <ClientForm
            companyId={companyId}
            onSaved={done}
            onUseExisting={done}
            onCancel={onClose}
            uploader={uploader}
          />
        ))}
    </Modal>
  );
}

function EditClient(props: {
  clientId: number;
  companyId: number;
  onDone: (client: ClientSummary) => void;
  onCancel: () => void;
  uploader?: Uploader;
}) {
  const client = useQuery({
    queryKey: clientKeys.one(props.clientId),
    queryFn: ({ signal }) => getClient(props.clientId, signal),
  });
  const ssn = useQuery({
    queryKey: clientKeys.ssn(props.clientId),
    queryFn: () => getClientSsn(props.clientId),
    gcTime: 0,
    staleTime: 0,
  });
  const failure = client.error ?? ssn.error;
  if (failure) {
    return (
      <Alert color="red" role="alert">
        {failure instanceof ApiError ? failure.message : 'The client could not be loaded.'}
      </Alert>
    );
  }
  if (!client.data || ssn.isPending) return <Loading />;
  return (
    <ClientForm
      key={props.clientId}
      companyId={props.companyId}
      existing={{ client: client.data, ssn: ssn.data ?? null }}
      onSaved={props.onDone}
      onUseExisting={props.onDone}
      onCancel={props.onCancel}
      uploader={props.uploader}
    />
  );
}
