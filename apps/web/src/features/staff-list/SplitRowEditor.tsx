/** One row of the split screen: 'Split N', its provider (searched by name) and its request types. */
import { ActionIcon, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { lookupProvider, searchProviders } from '../../api/choices';
import { SearchSelect } from '../../ui';

export interface SplitDraft {
  key: number;
  provider: number | undefined;
  types: string[];
}

export interface SplitRowEditorProps {
  position: number;
  draft: SplitDraft;
  typeChoices: string[];
  onChange: (draft: SplitDraft) => void;
  onRemove?: () => void;
}

export function SplitRowEditor({ position, draft, typeChoices, onChange, onRemove }: SplitRowEditorProps) {
  const toggle = (type: string, on: boolean) =>
    onChange({ ...draft, types: on ? [...draft.types, type] : draft.types.filter((t) => t !== type) });
  return (
    <Paper withBorder radius="md" p="md" component="fieldset" aria-label={`Split ${position}`} m={0}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} component="legend" p={0}>
            Split {position}
          </Text>
          {onRemove && (
            <Tooltip label="Remove this split" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onRemove}
                aria-label={`Remove Split ${position}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        <SearchSelect
          label="Provider"
          placeholder="Search providers by name"
          kind="providers"
          value={draft.provider}
          onChange={(provider) => onChange({ ...draft, provider })}
          search={searchProviders}
          lookup={lookupProvider}
        />
        <Checkbox.Group label="Request types" value={draft.types}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing={6} mt={6}>
            {typeChoices.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={type}
                checked={draft.types.includes(type)}
                onChange={(event) => toggle(type, event.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </Stack>
    </Paper>
  );
}
