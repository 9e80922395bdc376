/**
 * Multi-photo upload: thumbnails at 20% width ordered by their order index; drag (or the move
 * buttons) to reorder, which rewrites the indexes; remove. Value: [{url, filename, order, id?}].
 */
import { ActionIcon, Box, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhoto, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { BaseFieldProps } from './field-props';
import { useFormField } from './form-context';
import { UploadDropzone, uploadInputId } from './upload-dropzone';
import { byOrder, reindex, type UploadOptions, useUpload } from './use-upload';

export interface Photo {
  url: string;
  filename: string;
  order: number;
  id?: number | string;
}

export interface PhotoUploadFieldProps
  extends Omit<BaseFieldProps<Photo[]>, 'placeholder' | 'validate'>,
    UploadOptions {
  /** Called after a photo is taken out of the list (e.g. to delete it on the server). */
  onRemove?: (photo: Photo) => void | Promise<void>;
}

/** Moves the photo at `from` to position `to` and rewrites every order index. */
export function movePhoto(photos: readonly Photo[], from: number, to: number): Photo[] {
  const list = byOrder(photos);
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return reindex(list);
  const [moved] = list.splice(from, 1);
  list.splice(to, 0, moved);
  return reindex(list);
}

export function PhotoUploadField(props: PhotoUploadFieldProps) {
  const field = useFormField<Photo[]>(props.name, {
    label: props.label,
    required: props.required,
    defaultValue: props.defaultValue,
    value: props.value,
    onChange: props.onChange,
    error: props.error,
  });
  const { busy, upload } = useUpload(field, props);
  const photos = byOrder(field.value);
  const latest = useRef(photos);
  latest.current = photos;
  const [dragging, setDragging] = useState<number | null>(null);

  const onDrop = async (files: File[]) => {
    const uploaded = await upload(files);
    if (uploaded?.length) field.setValue(reindex([...latest.current, ...uploaded]));
  };

  const move = (from: number, to: number) => field.setValue(movePhoto(photos, from, to));

  const remove = async (photo: Photo) => {
    field.setValue(reindex(photos.filter((p) => p !== photo)));
    await props.onRemove?.(photo);
  };

  return (
    <Input.Wrapper
      id={field.id}
      label={props.label}
      description={props.description}
      required={props.required}
      error={field.error}
      labelProps={{ htmlFor: uploadInputId(field.id) }}
    >
      <Stack gap="sm" mt={4}>
        {photos.length > 0 && (
          <Group gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Photos">
            {photos.map((photo, index) => (
              <Box
                component="li"
                key={`${photo.url}-${photo.id ?? ''}`}
                w="20%"
                p={4}
                draggable
                data-testid="photo"
                aria-label={`Photo ${index + 1}: ${photo.filename}`}
                onDragStart={(event) => {
                  setDragging(index);
                  event.dataTransfer?.setData('text/plain', String(index));
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault();
                  const from = dragging ?? Number(event.dataTransfer?.getData('text/plain'));
                  if (Number.isInteger(from)) move(from, index);
                  setDragging(null);
                }}
                onDragEnd={() => setDragging(null)}
                style={{ cursor: 'grab', opacity: dragging === index ? 0.5 : 1 }}
              >
                <Box pos="relative">
                  <Image src={photo.url} alt={photo.filename} radius="sm" fit="cover" h={96} />
                  <ActionIcon
                    pos="absolute"
                    top={4}
                    right={4}
                    size="sm"
                    color="red"
                    aria-label={`Remove ${photo.filename}`}
                    onClick={() => remove(photo)}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Box>
                <Group justify="space-between" gap={2} mt={2} wrap="nowrap">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={`Move ${photo.filename} earlier`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <IconChevronLeft size={14} />
                  </ActionIcon>
                  <Text size="xs" c="dimmed" truncate>
                    {photo.filename}
                  </Text>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    aria-label={`Move ${photo.filename} later`}
                    disabled={index === photos.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <IconChevronRight size={14} />
                  </ActionIcon>
                </Group>
              </Box>
            ))}
          </Group>
        )}
        <UploadDropzone
          id={field.id}
          onDrop={onDrop}
          multiple
          accept={['image/png', 'image/jpeg', 'image/gif', 'image/webp']}
          loading={busy}
          disabled={props.disabled}
          invalid={Boolean(field.error)}
          describedBy={field.error ? `${field.id}-error` : undefined}
          icon={<IconPhoto size={22} stroke={1.5} color="var(--mantine-color-dimmed)" />}
          text="Drag photos here or click to choose"
        />
      </Stack>
    </Input.Wrapper>
  );
}
