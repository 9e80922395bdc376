import type { WebsiteIconName } from '@dd/shared';
/** Building blocks shared by the website sections: section shell, headings, links, icons. */
import {
  Anchor,
  Box,
  Button,
  type ButtonProps,
  Container,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAdjustments,
  IconBolt,
  IconBriefcase,
  IconBuilding,
  IconCheck,
  IconCircleCheck,
  IconClipboardList,
  IconClock,
  IconCurrencyDollar,
  IconDownload,
  IconEye,
  IconFileCertificate,
  IconFiles,
  IconFileText,
  IconGavel,
  IconHeadset,
  IconListCheck,
  IconLock,
  IconMail,
  IconMapPin,
  IconPhone,
  IconReceipt,
  IconScale,
  IconSearch,
  IconSend,
  IconShieldCheck,
  IconShieldLock,
  IconStethoscope,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

/** Icons a section may name in its props (serialisable names, not components). */
const SECTION_ICONS = {
  bolt: IconBolt,
  adjustments: IconAdjustments,
  'shield-check': IconShieldCheck,
  'shield-lock': IconShieldLock,
  lock: IconLock,
  clock: IconClock,
  'file-text': IconFileText,
  files: IconFiles,
  'file-certificate': IconFileCertificate,
  'clipboard-list': IconClipboardList,
  'list-check': IconListCheck,
  scale: IconScale,
  gavel: IconGavel,
  briefcase: IconBriefcase,
  building: IconBuilding,
  users: IconUsers,
  headset: IconHeadset,
  mail: IconMail,
  phone: IconPhone,
  'map-pin': IconMapPin,
  send: IconSend,
  search: IconSearch,
  download: IconDownload,
  eye: IconEye,
  stethoscope: IconStethoscope,
  receipt: IconReceipt,
  'currency-dollar': IconCurrencyDollar,
  check: IconCheck,
  'circle-check': IconCircleCheck,
} as const satisfies Record<WebsiteIconName, unknown>;

export function SectionIcon({ name, size = 26 }: { name?: string; size?: number }) {
  const Icon =
    name && Object.hasOwn(SECTION_ICONS, name)
      ? SECTION_ICONS[name as keyof typeof SECTION_ICONS]
      : IconCircleCheck;
  return <Icon size={size} stroke={1.6} aria-hidden />;
}

export function IconBadge({ name, size = 52 }: { name?: string; size?: number }) {
  return (
    <ThemeIcon size={size} radius="md" variant="light" color="brand">
      <SectionIcon name={name} size={Math.round(size * 0.52)} />
    </ThemeIcon>
  );
}

/** Text as one value: numbers from saved JSON become text, anything else empty. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Long text split into paragraphs on blank lines. */
export function paragraphs(value: unknown): string[] {
  return text(value)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Side padding of every website container: roomier than the app's default on tablets. */
export const CONTAINER_PX = { base: 20, sm: 32 };

/** A full-width band holding a centred, max-width container. */
export function SectionShell({
  background,
  children,
  py = { base: 56, md: 88 },
  size = 'lg',
  label,
}: {
  background?: string;
  children: ReactNode;
  py?: number | { base: number; md: number };
  size?: string;
  label?: string;
}) {
  return (
    <Box
      component="section"
      aria-label={label || undefined}
      py={py}
      style={background ? { background } : undefined}
    >
      <Container size={size} px={CONTAINER_PX}>
        {children}
      </Container>
    </Box>
  );
}

export function SectionHeading({
  eyebrow,
  title,
  subtitle,
  align = 'center',
  inverse = false,
  order = 2,
}: {
  eyebrow?: string;
  title?: string;
  subtitle?: string;
  align?: 'left' | 'center';
  inverse?: boolean;
  order?: 1 | 2 | 3;
}) {
  if (!eyebrow && !title && !subtitle) return null;
  return (
    <Stack
      gap="sm"
      ta={align}
      maw={align === 'center' ? 720 : undefined}
      mx={align === 'center' ? 'auto' : undefined}
    >
      {eyebrow && (
        <Text tt="uppercase" fw={700} fz="sm" lts={1.2} c={inverse ? 'brand.1' : 'brand.6'}>
          {eyebrow}
        </Text>
      )}
      {title && (
        <Title order={order} fz={{ base: 28, md: 36 }} lh={1.2} c={inverse ? 'white' : 'brand.9'}>
          {title}
        </Title>
      )}
      {subtitle && (
        <Text fz={{ base: 'md', md: 'lg' }} c={inverse ? 'brand.0' : 'gray.7'} lh={1.6}>
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}

const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//');

/** A button that navigates: router links for paths inside the app, plain links otherwise. */
export function ButtonLink({
  href,
  children,
  ...props
}: ButtonProps & { href: string; children: ReactNode }) {
  const inRouter = useInRouterContext();
  if (inRouter && isInternal(href)) {
    return (
      <Button component={Link} to={href} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <Button component="a" href={href} {...props}>
      {children}
    </Button>
  );
}

/** A text link with the same router-or-anchor choice. */
export function SiteLink({
  href,
  children,
  c,
  fw,
}: {
  href: string;
  children: ReactNode;
  c?: string;
  fw?: number;
}) {
  const inRouter = useInRouterContext();
  if (inRouter && isInternal(href)) {
    return (
      <Anchor component={Link} to={href} c={c} fw={fw}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor href={href} c={c} fw={fw}>
      {children}
    </Anchor>
  );
}
