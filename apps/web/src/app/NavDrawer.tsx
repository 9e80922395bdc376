import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** The phone and tablet navigation, loaded when first opened (the modal machinery stays off the first load). */
export default function NavDrawer(props: { opened: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer opened={props.opened} onClose={props.onClose} title="Menu" hiddenFrom="lg" size="xs">
      <Stack gap={4} component="nav" aria-label="Main">
        {props.children}
      </Stack>
    </Drawer>
  );
}
