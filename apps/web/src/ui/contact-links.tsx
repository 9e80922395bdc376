/**
 * Links to stored contact details. The href comes from the shared helpers (mailtoHref, telHref), which
 * refuse anything that is not one plain value: such a value is shown as text, never as a link that could
 * hide a second recipient.
 */
import { mailtoHref, telHref } from '@dd/shared';
import { Anchor, type AnchorProps, Text } from '@mantine/core';

type LinkProps = Pick<AnchorProps, 'size'>;

/** An e-mail address as a mailto: link (with an optional subject and body), or plain text when it is not one plain address. */
export function EmailLink({
  address,
  subject,
  body,
  size,
}: { address: string; subject?: string; body?: string } & LinkProps) {
  const href = mailtoHref(address, { subject, body });
  if (!href) {
    return (
      <Text span size={size ?? 'sm'} c="orange.8" title="Not one plain e-mail address: no link">
        {address}
      </Text>
    );
  }
  return (
    <Anchor href={href} size={size}>
      {address}
    </Anchor>
  );
}

/** A phone number as a tel: link of its digits, or plain text when it has too few. */
export function PhoneLink({ phone, size }: { phone: string } & LinkProps) {
  const href = telHref(phone);
  if (!href) return <>{phone}</>;
  return (
    <Anchor href={href} size={size}>
      {phone}
    </Anchor>
  );
}
