import {
  BASE_REQUEST_PRICE,
  type Company,
  CompanyBodySchema,
  type CompanySaved,
  DEFAULT_FOLLOW_UP_CADENCE,
  DEFAULT_STALE_AFTER_BUSINESS_DAYS,
  FOLLOW_UP_LIMITS,
  formatMoney,
  parseAmount,
  toDollars,
} from '@dd/shared';
import { Divider, SimpleGrid, Text, Title } from '@mantine/core';
import { CheckboxField, FileUploadField, Form, NumberField, TextField } from '../../ui';

/**
 * The company form (staff spec: 'The field set differs for the provider's own company'). Everyone who
 * may edit sees the name, phones, address and administrator contact; a law firm also has its release
 * form; the request price and automatic surcharge decide what a firm pays, so only internal staff see
 * them as fields (firm staff see the price as text). The values are checked with the route's own
 * CompanyBodySchema: the admin e-mail and the follow-up cadence read the server's messages.
 */
export interface CompanyFormProps {
  /** Absent when creating a law firm. */
  company?: Company;
  /** Internal staff: may set the request price and the automatic surcharge. */
  canSetPrice: boolean;
  onSubmit: (values: Record<string, unknown>) => Promise<CompanySaved>;
  onSaved?: (saved: CompanySaved) => void;
}

const CONTACT_FIELDS = [
  'name',
  'phone_number',
  'fax_number',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip_code',
  'admin_name',
  'admin_email',
  'admin_phone',
  'admin_fax',
] as const;

/** The firm's follow-up cadence: whoever edits the firm's details sets how often providers are chased. */
const FOLLOW_UP_FIELDS = ['follow_up_days', 'follow_up_every'] as const;
/** The firm's own limit on what providers may charge without asking it first. */
/** Its limit on fees, and how long a provider may stay silent before the firm is offered to cancel. */
const APPROVAL_FIELDS = ['auto_approve_limit', 'stale_after_business_days'] as const;

/** The names this form sends for a company and caller: nothing the caller may not set. */
export function companyFormFields(company: Company | undefined, canSetPrice: boolean): string[] {
  if (company?.is_internal) return [...CONTACT_FIELDS];
  return [
    ...CONTACT_FIELDS,
    'release_form_url',
    ...FOLLOW_UP_FIELDS,
    ...APPROVAL_FIELDS,
    ...(canSetPrice ? ['request_price', 'auto_surcharge'] : []),
  ];
}

export function CompanyForm({ company, canSetPrice, onSubmit, onSaved }: CompanyFormProps) {
  const fields = companyFormFields(company, canSetPrice);
  const lawFirm = !company?.is_internal;
  const initialValues: Record<string, unknown> = Object.fromEntries(
    fields.map((f) => [f, company?.[f as keyof Company] ?? '']),
  );
  // The input edits dollars: the answer's amount read exactly, or the base price for a new firm.
  if (fields.includes('request_price'))
    initialValues.request_price = toDollars(
      company ? parseAmount(company.request_price) : BASE_REQUEST_PRICE,
    );
  if (fields.includes('auto_surcharge')) initialValues.auto_surcharge = company?.auto_surcharge ?? false;
  if (lawFirm) {
    const cadence = company ?? {
      follow_up_days: DEFAULT_FOLLOW_UP_CADENCE.days,
      follow_up_every: DEFAULT_FOLLOW_UP_CADENCE.every,
    };
    initialValues.follow_up_days = cadence.follow_up_days.join(', ');
    initialValues.follow_up_every = cadence.follow_up_every;
    initialValues.auto_approve_limit = company?.auto_approve_limit
      ? toDollars(parseAmount(company.auto_approve_limit))
      : '';
    initialValues.stale_after_business_days =
      company?.stale_after_business_days ?? DEFAULT_STALE_AFTER_BUSINESS_DAYS;
  }

  const save = (values: Record<string, unknown>) =>
    onSubmit(Object.fromEntries(fields.map((f) => [f, values[f] === undefined ? null : values[f]])));

  return (
    <Form
      aria-label="Company"
      schema={CompanyBodySchema}
      initialValues={initialValues}
      onSubmit={save}
      onSuccess={onSaved}
      submitLabel="Save"
    >
      <TextField name="name" label="Company Name" required maxLength={200} autoFocus={!company} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField name="phone_number" label="Phone Number" type="tel" maxLength={50} />
        <TextField name="fax_number" label="Fax Number" type="tel" maxLength={50} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField name="address_1" label="Address 1" maxLength={200} />
        <TextField name="address_2" label="Address 2" maxLength={200} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextField name="city" label="City" maxLength={100} />
        <TextField name="state" label="State" maxLength={50} />
        <TextField name="zip_code" label="Zip Code" maxLength={20} />
      </SimpleGrid>

      <Divider />
      <Title order={2} size="h4">
        Administrator Contact
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField name="admin_name" label="Admin Name" maxLength={200} />
        <TextField name="admin_email" label="Admin Email" type="email" maxLength={254} />
        <TextField name="admin_phone" label="Admin Phone" type="tel" maxLength={50} />
        <TextField name="admin_fax" label="Admin Fax" type="tel" maxLength={50} />
      </SimpleGrid>

      {lawFirm && (
        <>
          <Divider />
          <Title order={2} size="h4">
            Law Firm Settings
          </Title>
          <FileUploadField
            name="release_form_url"
            label="Release Form"
            description="The firm's own records release form, attached to its requests."
            bucket="company-forms"
            accept={['application/pdf']}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              name="follow_up_days"
              label="Follow-up Days"
              description="Business days after the first send when Direct Docs follows up with the provider."
              required
              maxLength={60}
            />
            <NumberField
              name="follow_up_every"
              label="Then Every (Business Days)"
              description="After those, one follow-up every so many business days until the records arrive."
              required
              min={1}
              max={FOLLOW_UP_LIMITS.maxEvery}
              step={1}
              decimalScale={0}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NumberField
              name="auto_approve_limit"
              label="Fee Approval Limit"
              description="A provider charge above this waits for your approval before Direct Docs pays it. Leave blank to approve every charge."
              min={0}
              decimalScale={2}
              prefix="$"
              thousandSeparator
            />
            <NumberField
              name="stale_after_business_days"
              label="Offer to Cancel After (Business Days)"
              description="An open request with no response from the provider this long is offered to you for cancellation; it is never cancelled without you."
              required
              min={10}
              max={365}
              step={1}
              decimalScale={0}
            />
          </SimpleGrid>
          {canSetPrice ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberField
                name="request_price"
                label="Request Price"
                description="Charged per provider for new requests (default 35)."
                required
                min={0}
                step={1}
                decimalScale={2}
                prefix="$"
                thousandSeparator
              />
              <CheckboxField
                name="auto_surcharge"
                label="Automatic surcharge"
                description="Adds 10 per full 100 of provider cost to invoices, at most 1,000."
              />
            </SimpleGrid>
          ) : (
            company && (
              <Text size="sm" c="dimmed">
                Price per request: {formatMoney(company.request_price)} (set by Direct Docs).
              </Text>
            )
          )}
        </>
      )}
    </Form>
  );
}
