/** The contact form section itself, loaded only by pages that show one (not with the landing page). */
import { MSG } from '@dd/shared';
import {
  Alert,
  Button,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useContactForm } from '../use-contact-form';
import { CONTACT_FORM_DEFAULTS, type ContactFormProps } from './contact-form';
import { keyedItems, parseListProp } from './list-prop';
import { SectionIcon, SectionShell } from './shared';

export function ContactForm(props: Partial<ContactFormProps>) {
  const p = { ...CONTACT_FORM_DEFAULTS, ...props };
  const { values, status, setField, submit } = useContactForm();
  const industries = parseListProp(p.industries);
  const points = parseListProp(p.asidePoints);
  const icons = parseListProp(p.asideIcons);
  const sending = status.state === 'sending';
  const invalid = (field: string) => status.state === 'invalid' && status.field === field;
  const hasAside = Boolean(p.asideTitle || p.asideText || points.length);

  const form = (
    <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 'xl', md: 40 }}>
      <form onSubmit={submit} noValidate aria-label="Contact form">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} fz={{ base: 24, md: 28 }} c="brand.9">
              {p.title}
            </Title>
            {p.text && <Text c="gray.7">{p.text}</Text>}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Name"
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={(e) => setField('name')(e.currentTarget.value)}
              error={invalid('name')}
            />
            <TextInput
              label="Phone number"
              name="number"
              type="tel"
              autoComplete="tel"
              value={values.number}
              onChange={(e) => setField('number')(e.currentTarget.value)}
              error={invalid('number')}
            />
            <TextInput
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              withAsterisk
              value={values.email}
              onChange={(e) => setField('email')(e.currentTarget.value)}
              error={invalid('email')}
            />
            {industries.length > 0 ? (
              <NativeSelect
                label="Industry"
                name="industry"
                value={values.industry}
                onChange={(e) => setField('industry')(e.currentTarget.value)}
                data={[{ value: '', label: 'Select your industry' }, ...industries]}
              />
            ) : (
              <TextInput
                label="Industry"
                name="industry"
                value={values.industry}
                onChange={(e) => setField('industry')(e.currentTarget.value)}
              />
            )}
          </SimpleGrid>
          <Textarea
            label="Message"
            name="message"
            autosize
            minRows={5}
            maxRows={12}
            value={values.message}
            onChange={(e) => setField('message')(e.currentTarget.value)}
            error={invalid('message')}
          />
          {status.state === 'invalid' && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
              {status.message}
            </Alert>
          )}
          {status.state === 'failed' && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
              {status.message}
            </Alert>
          )}
          {status.state === 'sent' && (
            <Alert color="green" role="status" icon={<IconCircleCheck aria-hidden />}>
              {MSG.messageSent}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              size="md"
              disabled={sending}
              loading={sending}
              rightSection={<IconSend size={16} aria-hidden />}
            >
              {p.buttonLabel || 'Send Message'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );

  if (!hasAside) {
    return (
      <SectionShell background={p.background} size="sm">
        {form}
      </SectionShell>
    );
  }
  return (
    <SectionShell background={p.background}>
      <Grid gap={{ base: 32, md: 48 }} align="stretch">
        <Grid.Col span={{ base: 12, md: 7 }}>{form}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper
            radius="lg"
            p={{ base: 'xl', md: 40 }}
            h="100%"
            style={{ background: 'linear-gradient(160deg, #0b2a4a 0%, #1c4e80 100%)' }}
          >
            <Stack gap="lg">
              {p.asideTitle && (
                <Title order={2} fz={{ base: 22, md: 26 }} c="white">
                  {p.asideTitle}
                </Title>
              )}
              {p.asideText && (
                <Text c="brand.0" lh={1.7}>
                  {p.asideText}
                </Text>
              )}
              {keyedItems(points).map(({ key, value: point, index: i }) => (
                <Group key={key} gap="md" wrap="nowrap" align="flex-start">
                  <Text c="brand.2" mt={2} component="span" style={{ display: 'flex' }}>
                    <SectionIcon name={icons[i]} size={22} />
                  </Text>
                  <Text c="white" fw={500} lh={1.5}>
                    {point}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </SectionShell>
  );
}
