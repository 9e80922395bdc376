import type { PdfFormKind } from '@dd/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { Card } from '../../ui';
import { filledForm } from './api';

/**
 * The request's law-firm and provider forms filled with its data (GET /writeDataToPDF/…), each opened in
 * a new window to print, or to download and attach to the e-mail to the provider.
 */
const FORMS: { kind: PdfFormKind; label: string }[] = [
  { kind: 'company', label: 'Law Firm Form' },
  { kind: 'provider', label: 'Provider Form' },
];

export function FilledForms({ requestId }: { requestId: number }) {
  const [busy, setBusy] = useState<PdfFormKind | null>(null);
  const [errors, setErrors] = useState<Partial<Record<PdfFormKind, string>>>({});

  const open = async (kind: PdfFormKind) => {
    // Opened now, in the click, so the browser does not block it; pointed at the form once it is filled.
    const tab = window.open('about:blank', '_blank');
    setBusy(kind);
    setErrors((e) => ({ ...e, [kind]: undefined }));
    try {
      const { url } = await filledForm(requestId, kind);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      setErrors((e) => ({ ...e, [kind]: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title="Filled Forms">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          The forms on file, filled with this request's details. Attach the provider's to the e-mail.
        </Text>
        <Group gap="sm">
          {FORMS.map(({ kind, label }) => (
            <Button
              key={kind}
              variant="light"
              size="xs"
              leftSection={<IconFileTypePdf size={16} />}
              loading={busy === kind}
              onClick={() => open(kind)}
            >
              {label}
            </Button>
          ))}
        </Group>
        {FORMS.map(({ kind, label }) =>
          errors[kind] ? (
            <Text key={kind} size="sm" c="orange.9" role="status">
              {label}: {errors[kind]}
            </Text>
          ) : null,
        )}
      </Stack>
    </Card>
  );
}
