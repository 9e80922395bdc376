/** Small pieces of the staff request screens: labelled values, the status badge, End Reminder, not found. */
import { type RequestNote, safeHttpUrl } from '@dd/shared';
import { Button, type ButtonProps, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBellOff, IconExternalLink, IconFileSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { FileDownloadButton } from '../files';
import { setNoteReminder } from './api';

/**
 * Stands in for a staff-only fact (claim, reminder, contact) until it has loaded: a loader, or 'Not
 * available' after the load failed, never a default that reads as a fact ('Nobody', 'No reminder set').
 */
export function StaffFactPending({ failed }: { failed: boolean }) {
  if (failed)
    return (
      <Text size="sm" c="dimmed">
        Not available
      </Text>
    );
  return <Loader size="xs" aria-label="Loading the staff details" />;
}

/** Today in the browser's time zone, YYYY-MM-DD (reminders are calendar days). */
export const localToday = () => dayjs().format('YYYY-MM-DD');

/** The original file name inside a storage key ('<bucket>/u<id>/<uuid>-<name>' -> '<name>'). */
export function fileNameOf(key: string): string {
  const last = key.slice(key.lastIndexOf('/') + 1);
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '') || last;
}

/**
 * A stored document (downloaded through the files feature) or a page on someone's site (opened). Only an
 * http(s) address becomes a link; anything else is a storage key the server authorises and logs.
 */
export function DocumentLink({ url }: { url: string }) {
  const web = safeHttpUrl(url);
  if (web) {
    return (
      <Button
        component="a"
        href={web}
        target="_blank"
        rel="noopener noreferrer"
        size="xs"
        variant="light"
        leftSection={<IconExternalLink size={14} />}
      >
        Open
      </Button>
    );
  }
  return <FileDownloadButton file={{ url, name: fileNameOf(url) }} />;
}

export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

/** Clears the note's reminder date (POST /api/home/notes/{id}/ with reminder_date null). */
export function EndReminderButton({
  note,
  onEnded,
  size = 'xs',
  variant = 'light',
}: {
  note: RequestNote;
  onEnded: () => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const [busy, setBusy] = useState(false);
  const end = async () => {
    setBusy(true);
    try {
      await setNoteReminder(note.id, null);
      onEnded();
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'The reminder could not be ended',
        message: errorMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size={size}
      variant={variant}
      loading={busy}
      onClick={end}
      leftSection={<IconBellOff size={14} />}
    >
      End Reminder
    </Button>
  );
}

export function NotFoundState() {
  return (
    <Paper withBorder radius="lg" p="xl" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconFileSearch size={30} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Request not found
        </Title>
        <Text c="dimmed">
          It may have been deleted or split. Check the address or go back to the request list.
        </Text>
        <Button component={Link} to="/requestlist/">
          Go To Request List
        </Button>
      </Stack>
    </Paper>
  );
}
