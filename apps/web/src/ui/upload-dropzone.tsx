/**
 * The drop zone every upload field shares, built so assistive technology reads it as one button
 * (WCAG 4.1.2, name, role, value): it is named by the field's label followed by its visible text, so the name contains what is on
 * screen; the file input it opens is taken out of the accessibility tree rather than nested inside the
 * button, and stays reachable through the field's <label>.
 */
import '@mantine/dropzone/styles.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, type DropzoneProps } from '@mantine/dropzone';
import type { ReactNode } from 'react';

export interface UploadDropzoneProps
  extends Pick<
    DropzoneProps,
    'onDrop' | 'onReject' | 'accept' | 'maxSize' | 'maxFiles' | 'multiple' | 'loading' | 'disabled'
  > {
  /** The surrounding Input.Wrapper's id: the zone takes it (so a form focuses the zone on an error). */
  id: string;
  /** The drawing beside the text (aria-hidden by Tabler). */
  icon: ReactNode;
  /** What the zone says, e.g. 'Drag files here or click to choose'. */
  text: string;
  /** A second, smaller line: which files are accepted. */
  hint?: string;
  invalid?: boolean;
  /** Ids of further text describing the zone (an error shown below it). */
  describedBy?: string;
}

/** The file input's id, for the field label's htmlFor (`labelProps={{ htmlFor: uploadInputId(id) }}`). */
export function uploadInputId(id: string): string {
  return `${id}-file`;
}

export function UploadDropzone({
  id,
  icon,
  text,
  hint,
  invalid,
  describedBy,
  ...dropzone
}: UploadDropzoneProps) {
  const describedByIds = [hint && `${id}-hint`, describedBy].filter(Boolean).join(' ');
  return (
    <Dropzone
      {...dropzone}
      id={id}
      role="button"
      aria-labelledby={`${id}-label ${id}-text`}
      aria-describedby={describedByIds || undefined}
      aria-invalid={invalid || undefined}
      aria-disabled={dropzone.disabled || undefined}
      inputProps={{ id: uploadInputId(id), style: { display: 'none' } }}
      p="md"
    >
      <Group justify="center" gap="sm" wrap="nowrap" style={{ pointerEvents: 'none' }}>
        {icon}
        <Stack gap={0}>
          <Text id={`${id}-text`} size="sm" c={hint ? undefined : 'dimmed'}>
            {text}
          </Text>
          {hint && (
            <Text id={`${id}-hint`} size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
      </Group>
    </Dropzone>
  );
}
