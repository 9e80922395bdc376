import { FIRM_RECORD_MODELS, MODEL_MSG, type ModelConfig, type ModelPlan, MSG } from '@dd/shared';
import {
  Alert,
  Badge,
  Button,
  Code,
  Grid,
  Group,
  Modal,
  NavLink,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Loading } from '../../ui';
import {
  adminKeys,
  applyModelConfig,
  deleteModelConfig,
  listModelConfigs,
  planModelConfig,
  saveModelConfig,
} from './api';
import { DeleteModelButton } from './DeleteModelButton';
import {
  bodyOf,
  type Draft,
  draftOf,
  emptyDraft,
  hasDuplicateNames,
  ModelConfigEditor,
} from './ModelConfigEditor';
import { useAllModels } from './use-model';

function status(config: ModelConfig) {
  if (!config.applied) return <Badge color="gray">Not applied</Badge>;
  if (config.pending) return <Badge color="orange">Changes not applied</Badge>;
  return <Badge color="green">Applied</Badge>;
}

/** The models a relation may point at: every administrable model, as 'app/model'. */
function useRelationModels() {
  return useAllModels()
    .models.map((m) => ({ value: `${m.app}/${m.name}`, label: `${m.label} (${m.app})` }))
    .filter((m) => !FIRM_RECORD_MODELS.has(m.value));
}

/**
 * /modelmaker/: model configurations. Saving keeps the configuration; Apply shows the table changes it
 * makes (asking first when columns and their data would go) and makes them; the model's records are
 * then in the data administration under Custom models.
 */
export default function ModelMakerScreen() {
  const queryClient = useQueryClient();
  const configs = useQuery({
    queryKey: adminKeys.configs,
    queryFn: ({ signal }) => listModelConfigs(signal),
  });
  const relationModels = useRelationModels();
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [plan, setPlan] = useState<ModelPlan | null>(null);
  const [confirmName, setConfirmName] = useState('');
  const [applying, setApplying] = useState(false);
  const current = configs.data?.find((c) => c.id === selected) ?? null;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.configs }),
      queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    ]);
  const choose = (config: ModelConfig | null) => {
    setSelected(config?.id ?? null);
    setDraft(config ? draftOf(config) : emptyDraft());
    setError(null);
  };
  const save = async () => {
    const others = (configs.data ?? []).filter((c) => c.id !== selected).map((c) => c.name);
    if (hasDuplicateNames(draft, others)) {
      setError(MSG.noDuplicateNames);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = await saveModelConfig(selected, bodyOf(draft));
      await refresh();
      choose(saved);
      notifications.show({ color: 'green', message: MSG.saved });
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const openPlan = async () => {
    if (!current) return;
    setError(null);
    try {
      setConfirmName('');
      setPlan(await planModelConfig(current.id));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  const apply = async () => {
    if (!current) return;
    setApplying(true);
    try {
      const result = await applyModelConfig(current.id, confirmName);
      setPlan(null);
      await refresh();
      notifications.show({ color: 'green', message: result.message });
    } catch (failure) {
      setPlan(null);
      setError((failure as Error).message);
    } finally {
      setApplying(false);
    }
  };
  const dirty = current ? JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(draftOf(current))) : true;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Model Maker</Title>
          <Text c="dimmed">
            Make data models of your own; once applied, their records are kept like any other.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => choose(null)}>
          New Model
        </Button>
      </Group>
      {configs.isError && <Alert color="red">{configs.error.message}</Alert>}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card title="Models">
            {configs.isPending ? (
              <Loading />
            ) : configs.data?.length === 0 ? (
              <Text size="sm" c="dimmed">
                No models yet.
              </Text>
            ) : (
              <nav aria-label="Model configurations">
                {configs.data?.map((c) => (
                  <NavLink
                    key={c.id}
                    label={c.name}
                    description={`${c.data.fields.length} fields`}
                    active={c.id === selected}
                    onClick={() => choose(c)}
                    rightSection={status(c)}
                  />
                ))}
              </nav>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Card
            title={current ? current.name : 'New Model'}
            actions={
              current && (
                <Group gap="xs">
                  {status(current)}
                  {current.applied && (
                    <Button
                      component={Link}
                      to={`/modelInstances/custom/${current.table}/`}
                      size="compact-sm"
                      variant="subtle"
                    >
                      Records
                    </Button>
                  )}
                </Group>
              )
            }
          >
            <ModelConfigEditor
              draft={draft}
              onChange={setDraft}
              relationModels={relationModels}
              error={error}
            />
            <Group justify="space-between">
              <Group gap="sm">
                <Button onClick={() => void save()} loading={saving} disabled={!dirty}>
                  Save
                </Button>
                {current && (
                  <Button
                    variant="light"
                    onClick={() => void openPlan()}
                    disabled={dirty || !current.pending}
                  >
                    Apply
                  </Button>
                )}
              </Group>
              {current && (
                <DeleteModelButton
                  model={current}
                  onDelete={async (confirmName) => {
                    await deleteModelConfig(current.id, confirmName);
                    await refresh();
                    choose(null);
                    notifications.show({ color: 'green', message: `${current.name} was deleted.` });
                  }}
                />
              )}
            </Group>
            {dirty && current && (
              <Text size="xs" c="dimmed">
                Save your changes before applying them.
              </Text>
            )}
          </Card>
        </Grid.Col>
      </Grid>
      <Modal
        opened={plan !== null}
        onClose={() => !applying && setPlan(null)}
        title="Apply this model"
        size="lg"
      >
        {plan && (
          <Stack>
            <Text size="sm">These changes are made to the model's table:</Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {plan.statements.join(';\n') || '—'}
            </Code>
            {plan.drops.length > 0 && !plan.drops_allowed && (
              <Alert color="red" title="Not allowed here">
                <Text size="sm">{MODEL_MSG.dropsOff}</Text>
              </Alert>
            )}
            {plan.drops.length > 0 && plan.drops_allowed && current && (
              <Alert color="red" title="Data will be removed">
                <Stack gap="xs">
                  <Text size="sm">{MODEL_MSG.confirmDrop(plan.drops, plan.records, current.name)}</Text>
                  <TextInput
                    label="Model name"
                    autoComplete="off"
                    value={confirmName}
                    onChange={(e) => setConfirmName(e.currentTarget.value)}
                  />
                </Stack>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPlan(null)} disabled={applying}>
                Cancel
              </Button>
              <Button
                onClick={() => void apply()}
                loading={applying}
                disabled={
                  plan.drops.length > 0 && (!plan.drops_allowed || confirmName.trim() !== current?.name)
                }
              >
                Apply
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
