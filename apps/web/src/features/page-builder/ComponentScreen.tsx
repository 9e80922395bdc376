import { type ComponentProps, WEBSITE_COMPONENT_LABELS, WEBSITE_FIELDS, WEBSITE_MSG } from '@dd/shared';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ApiError } from '../../api/client';
import { idParam, Loading, type ScreenProps } from '../../ui';
import { RenderSections, SECTION_TYPES } from '../website';
import { listComponents, pageBuilderKeys, saveComponent } from './api';
import { PropertyEditor } from './PropertyEditor';

/**
 * /component/{id}/: a component type's default properties, edited with the page builder's inputs and
 * previewed. /component/ alone shows the list of components to choose from.
 */
export default function ComponentScreen({ params }: ScreenProps) {
  const id = idParam(params[0]);
  if (id === null) return <Navigate to="/components/" replace />;
  return <EditComponent id={id} />;
}

function EditComponent({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const components = useQuery({
    queryKey: pageBuilderKeys.components,
    queryFn: ({ signal }) => listComponents(signal),
  });
  const component = components.data?.find((c) => c.id === id);
  const [props, setProps] = useState<ComponentProps>({});
  useEffect(() => {
    if (component) setProps({ ...SECTION_TYPES[component.name].defaults, ...component.props });
  }, [component]);
  const save = useMutation({
    mutationFn: () => saveComponent(id, props),
    onSuccess: () => {
      notifications.show({ color: 'green', message: WEBSITE_MSG.componentSaved });
      void queryClient.invalidateQueries({ queryKey: pageBuilderKeys.components });
    },
  });

  if (components.isPending) return <Loading />;
  if (!component)
    return <Alert color="red">{components.error?.message ?? 'There is no such component.'}</Alert>;
  const errors = save.error instanceof ApiError ? save.error.fields : undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Component: {WEBSITE_COMPONENT_LABELS[component.name].label}</Title>
          <Text c="dimmed">
            New {WEBSITE_COMPONENT_LABELS[component.name].label} components start with these properties. Pages
            already built keep theirs.
          </Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to="/components/" variant="default">
            All Components
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Group>
      {save.error && <Alert color="red">{save.error.message}</Alert>}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper withBorder radius="lg" p="md">
            <PropertyEditor
              fields={WEBSITE_FIELDS[component.name]}
              values={props}
              errors={Object.fromEntries(
                Object.entries(errors ?? {}).map(([k, v]) => [k.split('.').pop(), v]),
              )}
              onChange={(name, value) => setProps((p) => ({ ...p, [name]: value }))}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Paper
            withBorder
            radius="lg"
            style={{ overflow: 'hidden' }}
            component="section"
            aria-label="Preview"
          >
            <RenderSections components={[component.name]} componentProps={[props]} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
