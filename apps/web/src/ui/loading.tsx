/** The loading image shown until a list's data arrives: a centered 100px spinner. */
import { Center, Loader } from '@mantine/core';

export interface LoadingProps {
  /** Accessible name announced to screen readers. @default 'Loading' */
  label?: string;
}

export function Loading({ label = 'Loading' }: LoadingProps) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader size={100} type="oval" aria-hidden />
    </Center>
  );
}
