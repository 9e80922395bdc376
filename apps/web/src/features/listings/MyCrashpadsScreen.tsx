import { type Crashpad, type CrashpadCreate, CrashpadCreateSchema, mapLink } from '@dd/shared';
import { Anchor, Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconMapPin, IconPlus, IconWorldUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSiteSettings } from '../../api/settings';
import { useAuth } from '../../auth';
import {
  AddressSearch,
  ConfirmDeleteButton,
  EmptyState,
  Form,
  Loading,
  PaymentForm,
  TextAreaField,
  TextField,
} from '../../ui';
import { createCrashpad, deleteCrashpad, listingKeys, myCrashpads, publishWithCard } from './api';

/**
 * /myCrashpads/: the signed-in user's host listings. A new listing is a draft; 'Publish' takes a card,
 * creates the listing subscription and publishes the listing with it (law-firm spec section 4). A new
 * listing is checked with the route's own CrashpadCreateSchema before it is sent.
 */
export default function MyCrashpadsScreen() {
  const queryClient = useQueryClient();
  const listings = useQuery({ queryKey: listingKeys.mine, queryFn: ({ signal }) => myCrashpads(signal) });
  const [adding, setAdding] = useState(false);
  const [publishing, setPublishing] = useState<Crashpad | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: listingKeys.mine });

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>My Listings</Title>
          <Text c="dimmed">Places you host. A listing is published once its subscription is paid.</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
          Add Listing
        </Button>
      </Group>
      {listings.isPending ? (
        <Loading />
      ) : listings.isError ? (
        <Text c="red" role="alert">
          {listings.error.message}
        </Text>
      ) : listings.data.length === 0 ? (
        <EmptyState objectName="Listing" text="You have no listings yet. Add one to get started." />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {listings.data.map((listing) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              onPublish={() => setPublishing(listing)}
              onDeleted={refresh}
            />
          ))}
        </SimpleGrid>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add Listing" size="lg">
        <Form<CrashpadCreate>
          schema={CrashpadCreateSchema}
          submitLabel="Save Listing"
          onSubmit={createCrashpad}
          onSuccess={() => {
            setAdding(false);
            void refresh();
          }}
        >
          <TextField name="title" label="Title" required maxLength={200} />
          <TextAreaField name="description" label="Description" />
          <ListingAddress />
        </Form>
      </Modal>
      <PublishModal
        listing={publishing}
        onClose={() => setPublishing(null)}
        onPublished={() => {
          setPublishing(null);
          void refresh();
        }}
      />
    </Stack>
  );
}

function ListingAddress() {
  const settings = useSiteSettings();
  return (
    <>
      {settings.data?.geocoder && <AddressSearch keepPin />}
      <TextField name="address_1" label="Address" maxLength={200} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextField name="city" label="City" maxLength={100} />
        <TextField name="state" label="State" maxLength={50} />
        <TextField name="zip_code" label="Zip Code" maxLength={20} />
      </SimpleGrid>
    </>
  );
}

function ListingCard({
  listing,
  onPublish,
  onDeleted,
}: {
  listing: Crashpad;
  onPublish: () => void;
  onDeleted: () => unknown;
}) {
  const place = [listing.address_1, listing.city, [listing.state, listing.zip_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <IconHome size={20} aria-hidden />
            <Title order={2} size="h4">
              {listing.title}
            </Title>
          </Group>
          <Badge color={listing.published ? 'green' : 'gray'} variant="light" tt="none">
            {listing.published ? 'Published' : 'Draft'}
          </Badge>
        </Group>
        {place && <Text size="sm">{place}</Text>}
        {listing.latitude !== null && listing.longitude !== null && (
          <Anchor
            href={mapLink({ lat: listing.latitude, lon: listing.longitude })}
            target="_blank"
            rel="noreferrer"
            size="sm"
          >
            <IconMapPin size={14} style={{ verticalAlign: -2 }} aria-hidden /> Show {listing.title} on the map
          </Anchor>
        )}
        {listing.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {listing.description}
          </Text>
        )}
        <Group gap="xs" mt="xs">
          {!listing.published && (
            <Button
              size="compact-sm"
              leftSection={<IconWorldUpload size={14} />}
              onClick={onPublish}
              aria-label={`Publish ${listing.title}`}
            >
              Publish
            </Button>
          )}
          <ConfirmDeleteButton
            size="compact-sm"
            variant="subtle"
            message={`The listing “${listing.title}” will be removed.`}
            onConfirm={async () => {
              await deleteCrashpad(listing.id);
              await onDeleted();
            }}
          >
            Delete
          </ConfirmDeleteButton>
        </Group>
      </Stack>
    </Card>
  );
}

function PublishModal({
  listing,
  onClose,
  onPublished,
}: {
  listing: Crashpad | null;
  onClose: () => void;
  onPublished: () => void;
}) {
  const { user } = useAuth();
  const settings = useSiteSettings();
  const payments = settings.data?.payments ?? null;
  const plan = payments?.listing_plan_id;
  return (
    <Modal opened={listing !== null} onClose={onClose} title="Publish listing">
      {listing && (
        <Stack gap="md">
          <Text>
            Publishing <strong>{listing.title}</strong> starts your listing subscription, billed to the card
            below.
          </Text>
          {settings.isPending ? (
            <Loading />
          ) : (
            <PaymentForm
              settings={plan ? payments : null}
              submitLabel="Subscribe and Publish"
              onToken={async (token) => {
                await publishWithCard(listing.id, token, user?.id ?? 0, plan ?? '');
                onPublished();
              }}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
