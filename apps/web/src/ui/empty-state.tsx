/** 'No {object}s Found' (or custom text) for an empty list. */
import { emptyListMessage } from '@dd/shared';
import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** Singular object name, e.g. 'Request' gives 'No Requests Found'. */
  objectName?: string;
  /** Replaces the default text. */
  text?: ReactNode;
  /** Optional button or link under the text. */
  action?: ReactNode;
}

export function EmptyState({ objectName = 'Record', text, action }: EmptyStateProps) {
  return (
    <MantineEmptyState
      py="xl"
      size="sm"
      icon={<IconFolderOpen size={28} stroke={1.5} />}
      withIndicatorBackground
      title={text ?? emptyListMessage(objectName)}
    >
      {action && <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions>}
    </MantineEmptyState>
  );
}
