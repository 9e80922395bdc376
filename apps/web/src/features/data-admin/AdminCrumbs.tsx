import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Apps › {app} › {model} › {record}: where the data administration screen sits, each step a link. */
export function AdminCrumbs({ steps }: { steps: { label: string; to?: string }[] }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" separatorMargin={6}>
      {[{ label: 'Apps', to: '/applist/' }, ...steps].map((step) =>
        step.to ? (
          <Anchor key={step.label} component={Link} to={step.to} size="sm">
            {step.label}
          </Anchor>
        ) : (
          <Text key={step.label} size="sm" c="dimmed" aria-current="page">
            {step.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
