import { componentLabel, WEBSITE_COMPONENT_LABELS, type WebsiteComponentName } from '@dd/shared';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { SECTION_NAMES } from '../website';
import classes from './page-builder.module.css';
import type { usePageDraft } from './use-page-draft';

/**
 * The page's components in order, by the names people read ('Call to action', not the stored 'CTA1'):
 * select, move, remove, and Add Component, whose adding mode highlights the selected component, after
 * which the new one goes.
 */
export function ComponentList({
  draft,
  adding,
  setAdding,
  onAdd,
}: {
  draft: ReturnType<typeof usePageDraft>;
  adding: boolean;
  setAdding: (adding: boolean) => void;
  onAdd: (name: WebsiteComponentName) => void;
}) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="builder-components">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5" id="builder-components">
          Components
        </Title>
        <Button
          size="compact-sm"
          variant={adding ? 'filled' : 'light'}
          leftSection={<IconPlus size={14} />}
          onClick={() => setAdding(!adding)}
          aria-pressed={adding}
        >
          Add Component
        </Button>
      </Group>
      {adding && (
        <Stack gap="xs" mb="sm">
          <Text size="sm" c="dimmed">
            {draft.selected === null
              ? 'The new component goes at the end.'
              : `The new component goes after number ${draft.selected + 1}, highlighted below.`}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6}>
            {SECTION_NAMES.map((name) => (
              <UnstyledButton
                key={name}
                className={classes.kind}
                onClick={() => onAdd(name)}
                aria-label={WEBSITE_COMPONENT_LABELS[name].label}
                aria-describedby={`kind-${name}`}
              >
                <Text size="sm" fw={600}>
                  {WEBSITE_COMPONENT_LABELS[name].label}
                </Text>
                <Text size="xs" c="dimmed" id={`kind-${name}`}>
                  {WEBSITE_COMPONENT_LABELS[name].description}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {draft.items.length === 0 && (
        <Text size="sm" c="dimmed">
          No components yet: use Add Component.
        </Text>
      )}
      <Stack gap={4} component="ol" className={classes.list}>
        {draft.items.map((it, index) => {
          const label = componentLabel(it.name);
          return (
            <Group
              key={it.key}
              component="li"
              gap={4}
              wrap="nowrap"
              className={classes.item}
              data-selected={draft.selected === index || undefined}
              data-adding={(adding && draft.selected === index) || undefined}
            >
              <UnstyledButton
                className={classes.select}
                onClick={() => draft.setSelected(index)}
                aria-current={draft.selected === index ? 'true' : undefined}
              >
                <Text size="sm" fw={600}>
                  {index + 1}. {label}
                </Text>
              </UnstyledButton>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${label} (${index + 1}) up`}
                disabled={index === 0}
                onClick={() => draft.move(index, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${label} (${index + 1}) down`}
                disabled={index === draft.items.length - 1}
                onClick={() => draft.move(index, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${label} (${index + 1})`}
                onClick={() => draft.remove(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
