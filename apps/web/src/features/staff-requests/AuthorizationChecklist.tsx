/**
 * The first-send view's checklist of the request's uploaded HIPAA authorization (45 CFR 164.508): staff
 * open the form, tick each element it shows, enter the expiration and the date it was signed, and save.
 * The server refuses the first send while an element is missing; the list below names what still is.
 */
import {
  type AuthorizationChecklist as Answers,
  AUTHORIZATION_ELEMENT_LABELS,
  type AuthorizationCheck,
  formatDate,
  formatTime,
  SENSITIVE_CATEGORY_LABELS,
} from '@dd/shared';
import { Alert, Button, Checkbox, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card, Loading } from '../../ui';
import { authorizationCheckKey, saveAuthorizationCheck, useAuthorizationCheck } from './authorization-api';
import { DocumentLink, errorMessage } from './parts';

type Flag = 'description' | 'discloser' | 'recipient' | 'purpose' | 'signature';
const FLAGS: Flag[] = ['description', 'discloser', 'recipient', 'purpose', 'signature'];
const STATEMENTS = ['revocation', 'conditioning', 'redisclosure'] as const;

function Result({ check }: { check: AuthorizationCheck }) {
  if (check.result.valid) {
    return (
      <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title="Ready to send">
        Every element is confirmed
        {check.checked_by && check.checked_at
          ? ` (by ${check.checked_by}, ${formatDate(check.checked_at)} ${formatTime(check.checked_at)}).`
          : '.'}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Sending is blocked">
      <List size="sm" spacing={4}>
        {check.result.errors.map((error) => (
          <List.Item key={error.code}>
            {error.message}{' '}
            <Text span size="xs" c="dimmed">
              ({error.citation})
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function ChecklistForm({ requestId, check }: { requestId: number; check: AuthorizationCheck }) {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Answers>(check.answers);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<Answers>) => setAnswers((current) => ({ ...current, ...change }));

  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveAuthorizationCheck(requestId, answers);
      queryClient.setQueryData(authorizationCheckKey(requestId), saved);
      notifications.show({ color: 'green', message: 'Authorization checklist saved.' });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not save the checklist',
        message: errorMessage(error),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <Text size="sm">Open the HIPAA authorization and tick what it shows:</Text>
        {check.document_url && <DocumentLink url={check.document_url} />}
      </Group>
      {check.pre_answered.length > 0 && (
        <Text size="sm" c="blue.9">
          Ticked from the form's text:{' '}
          {check.pre_answered.map((e) => AUTHORIZATION_ELEMENT_LABELS[e]).join('; ')}. Check them against the
          form, then save: they count only once saved.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
        {FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={AUTHORIZATION_ELEMENT_LABELS[flag]}
            checked={answers[flag]}
            onChange={(event) => set({ [flag]: event.currentTarget.checked })}
          />
        ))}
        {STATEMENTS.map((statement) => (
          <Checkbox
            key={statement}
            label={AUTHORIZATION_ELEMENT_LABELS[`statements.${statement}`]}
            checked={answers.statements[statement]}
            onChange={(event) =>
              set({ statements: { ...answers.statements, [statement]: event.currentTarget.checked } })
            }
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Date signed"
          type="date"
          value={answers.signed_at ?? ''}
          onChange={(event) => set({ signed_at: event.currentTarget.value || null })}
        />
        <TextInput
          label="Expiration date or event"
          description="MM/DD/YYYY, or the event it names (such as the end of the case)."
          maxLength={500}
          value={answers.expiration ?? ''}
          onChange={(event) => set({ expiration: event.currentTarget.value || null })}
        />
      </SimpleGrid>
      <Checkbox
        label="Signed by a personal representative (not the client)"
        checked={answers.signed_by_representative}
        onChange={(event) => set({ signed_by_representative: event.currentTarget.checked })}
      />
      {answers.signed_by_representative && (
        <Checkbox
          label={AUTHORIZATION_ELEMENT_LABELS.representative_authority}
          checked={answers.representative_authority}
          onChange={(event) => set({ representative_authority: event.currentTarget.checked })}
        />
      )}
      {check.requested_categories.map((category) => (
        <Checkbox
          key={category}
          label={`Separate consent attached for ${SENSITIVE_CATEGORY_LABELS[category].toLowerCase()}`}
          description="These records are requested: a general authorization is not enough for them."
          checked={answers.separate_consents.includes(category)}
          onChange={(event) =>
            set({
              separate_consents: event.currentTarget.checked
                ? [...answers.separate_consents, category]
                : answers.separate_consents.filter((c) => c !== category),
            })
          }
        />
      ))}
      {check.max_authorization_age_days !== null && (
        <Text size="sm" c="dimmed">
          {check.provider_name} accepts authorizations signed within the last{' '}
          {check.max_authorization_age_days} days.
        </Text>
      )}
      <Group>
        <Button onClick={save} loading={saving} variant="light">
          Save checklist
        </Button>
      </Group>
      <Result check={check} />
    </Stack>
  );
}

/** Shown only when the request has a HIPAA form on file; a request without one has nothing to check. */
export function AuthorizationChecklist({ requestId }: { requestId: number }) {
  const check = useAuthorizationCheck(requestId);
  if (check.isPending) return <Loading label="Loading the authorization checklist" />;
  if (check.isError) {
    return (
      <Alert color="red" role="alert" title="The authorization checklist could not be loaded">
        {check.error.message}
      </Alert>
    );
  }
  if (!check.data.document_url) return null;
  return (
    <Card title="HIPAA authorization checklist">
      <ChecklistForm key={check.data.document_url} requestId={requestId} check={check.data} />
    </Card>
  );
}
