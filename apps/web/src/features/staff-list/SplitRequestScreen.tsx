/**
 * /split_request/{id}/: split a request across providers. One row per split with its provider and its
 * request types; the same rules as the server (missing provider, no types, a type in no split), with
 * 'Override' when only the overridable rules fail; then 'You just split a request into N providers.'
 */
import { checkSplits, SplitRefusalSchema, type SplitResult } from '@dd/shared';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowsSplit, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { refusalDetails } from '../../api/client';
import { refreshData } from '../../api/data';
import type { ScreenProps } from '../../ui';
import { Card, Loading } from '../../ui';
import { splitRequest, useRequestToSplit, useRequestTypes } from './api';
import { type SplitDraft, SplitRowEditor } from './SplitRowEditor';

interface Refusal {
  error: string;
  canOverride: boolean;
}

export function SplitRequestScreen({ params }: ScreenProps) {
  const id = Number(params[0]);
  const request = useRequestToSplit(id);
  const types = useRequestTypes();
  // After a split the original is gone and its refetch fails: the form (and its result) stays on screen.
  if (!Number.isInteger(id) || id <= 0 || (request.isError && !request.data)) {
    return (
      <Alert color="red" title="Request not found" maw={640} mx="auto">
        {request.error?.message ?? 'Check the address.'}{' '}
        <Anchor component={Link} to="/requestlist/">
          Back to the request list
        </Anchor>
      </Alert>
    );
  }
  if (request.isPending) return <Loading />;
  const original = request.data.request_types;
  return (
    <SplitForm
      key={request.data.id}
      id={request.data.id}
      internalNumber={request.data.internal_number}
      clientName={request.data.patient.full_name}
      providerId={request.data.provider.id}
      providerName={request.data.provider.name}
      originalTypes={original}
      allTypes={(types.data ?? []).map((t) => t.name)}
    />
  );
}

interface SplitFormProps {
  id: number;
  internalNumber: string;
  clientName: string;
  providerId: number;
  providerName: string;
  originalTypes: string[];
  allTypes: string[];
}

export function SplitForm(props: SplitFormProps) {
  const queryClient = useQueryClient();
  const nextKey = useRef(3);
  const [drafts, setDrafts] = useState<SplitDraft[]>([
    { key: 1, provider: props.providerId, types: props.originalTypes },
    { key: 2, provider: undefined, types: [] },
  ]);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [done, setDone] = useState<SplitResult | null>(null);
  const typeChoices = useMemo(
    () => [...props.originalTypes, ...props.allTypes.filter((t) => !props.originalTypes.includes(t))],
    [props.originalTypes, props.allTypes],
  );
  const splits = drafts.map((d) => ({ provider: d.provider ?? null, request_types: d.types }));
  const mutation = useMutation({
    mutationFn: (override: boolean) => splitRequest(props.id, { splits, override }),
    onSuccess: (result) => {
      setDone(result);
      void refreshData(queryClient, 'requests');
    },
    onError: (error) => {
      const details = refusalDetails(error, SplitRefusalSchema);
      setRefusal({ error: error.message, canOverride: Boolean(details?.can_override) });
    },
  });

  const submit = (override: boolean) => {
    const check = checkSplits(props.originalTypes, splits);
    if (check.error && (!check.canOverride || !override)) {
      setRefusal({ error: check.error, canOverride: check.canOverride });
      return;
    }
    setRefusal(null);
    mutation.mutate(override);
  };
  const update = (key: number, draft: SplitDraft) => {
    setRefusal(null);
    setDrafts((all) => all.map((d) => (d.key === key ? draft : d)));
  };

  if (done) {
    return (
      <Stack gap="lg">
        <Title order={1}>Split Request</Title>
        <Alert color="green" title={done.message}>
          <Stack gap="xs">
            <Group gap="xs">
              {done.results.map((r) => (
                <Anchor key={r.id} href={`/request/${r.id}/`} target="_blank" rel="noopener" size="sm">
                  Request {r.internal_number}
                </Anchor>
              ))}
            </Group>
            <Anchor component={Link} to="/dashboard/" fw={600}>
              Go to the dashboard
            </Anchor>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Split Request</Title>
        <Text c="dimmed">
          Give each split its own provider and the request types that provider should receive.
        </Text>
      </div>
      <Card title={`Request ${props.internalNumber} for ${props.clientName}`}>
        <Group gap="xl" wrap="wrap" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Provider
            </Text>
            <Text>{props.providerName}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Request types
            </Text>
            <Group gap={6} mt={4}>
              {props.originalTypes.length ? (
                props.originalTypes.map((t) => (
                  <Badge key={t} variant="light" tt="none">
                    {t}
                  </Badge>
                ))
              ) : (
                <Text c="dimmed">None</Text>
              )}
            </Group>
          </div>
        </Group>
      </Card>
      {drafts.map((draft, index) => (
        <SplitRowEditor
          key={draft.key}
          position={index + 1}
          draft={draft}
          typeChoices={typeChoices}
          onChange={(next) => update(draft.key, next)}
          onRemove={
            drafts.length > 1 ? () => setDrafts((all) => all.filter((d) => d.key !== draft.key)) : undefined
          }
        />
      ))}
      {refusal && (
        <Alert color="red" title="Check the splits" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{refusal.error}</Text>
            {refusal.canOverride && (
              <Button
                color="red"
                variant="light"
                size="xs"
                onClick={() => submit(true)}
                loading={mutation.isPending}
              >
                Override
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            setRefusal(null);
            setDrafts((all) => [...all, { key: nextKey.current++, provider: undefined, types: [] }]);
          }}
        >
          Add Split
        </Button>
        <Button
          leftSection={<IconArrowsSplit size={16} />}
          onClick={() => submit(false)}
          loading={mutation.isPending}
        >
          Split Request
        </Button>
      </Group>
    </Stack>
  );
}
