import {
  type ComponentField,
  type ComponentProps,
  formatListProp,
  type PropValue,
  parseListProp,
} from '@dd/shared';
import {
  Button,
  ColorInput,
  FileButton,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { uploadWebsiteImage } from './api';

/**
 * The selected component's properties, one input per field by its kind: text, long text, list
 * (comma-separated), link, number, colour picker, image (upload or address).
 */
export interface PropertyEditorProps {
  fields: readonly ComponentField[];
  values: ComponentProps;
  onChange: (name: string, value: PropValue) => void;
  /** Server messages by property name. */
  errors?: Record<string, string>;
}

export function PropertyEditor({ fields, values, onChange, errors = {} }: PropertyEditorProps) {
  return (
    <Stack gap="sm">
      {fields.map((field) => (
        <PropertyInput
          key={field.name}
          field={field}
          value={values[field.name]}
          error={errors[field.name]}
          onChange={(v) => onChange(field.name, v)}
        />
      ))}
    </Stack>
  );
}

function PropertyInput({
  field,
  value,
  error,
  onChange,
}: {
  field: ComponentField;
  value: PropValue | undefined;
  error?: string;
  onChange: (value: PropValue) => void;
}) {
  const text = value === undefined ? '' : String(value);
  const common = { label: field.label, description: field.help, error };
  switch (field.kind) {
    case 'longtext':
      return (
        <Textarea
          {...common}
          value={text}
          autosize
          minRows={3}
          maxRows={10}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={text === '' ? '' : Number(text)}
          onChange={(v) => onChange(v === '' ? '' : Number(v))}
        />
      );
    case 'color':
      return (
        <ColorInput
          {...common}
          value={text}
          format="hex"
          withEyeDropper={false}
          swatches={['#0b2a4a', '#1c4e80', '#1f5fa8', '#eef4fb', '#f5f8fc', '#ffffff', '#1f2937', '#e8f1fa']}
          swatchesPerRow={8}
          onChange={onChange}
        />
      );
    case 'image':
      return <ImageInput {...common} value={text} onChange={onChange} />;
    case 'images':
      return (
        <ImageInput
          {...common}
          value={text}
          onChange={onChange}
          onUploaded={(url) => onChange(formatListProp([...parseListProp(text), url]))}
        />
      );
    default:
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/** An uploaded image's url; with onUploaded, a list of them that each upload adds to. */
function ImageInput({
  label,
  error,
  value,
  onChange,
  onUploaded = onChange,
}: {
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  onUploaded?: (url: string) => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setFailure(null);
    try {
      onUploaded(await uploadWebsiteImage(file));
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        value={value}
        error={error ?? failure}
        onChange={(e) => onChange(e.currentTarget.value)}
        placeholder="Upload an image"
      />
      <Group gap="xs">
        <FileButton onChange={upload} accept="image/png,image/jpeg,image/gif">
          {(props) => (
            <Button
              {...props}
              size="compact-sm"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={uploading}
            >
              Upload image
            </Button>
          )}
        </FileButton>
        {value && (
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onChange('')}>
            Remove
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        PNG, JPEG or GIF, at most 5 MB.
      </Text>
    </Stack>
  );
}
