/**
 * /sign/{token}: the client's signing page, with no account and made for a phone. The client confirms the
 * date of birth, reads the HIPAA authorization, and signs it (drawn or typed) or declines. Before the date
 * of birth matches, the page names nobody: the link may have reached the wrong person.
 */
import {
  REPRESENTATIVE_LABELS,
  REPRESENTATIVE_RELATIONSHIPS,
  type RepresentativeRelationship,
  SIGNING_MSG,
  type SigningDocument,
} from '@dd/shared';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError } from '../../api/client';
import type { ScreenProps } from '../../ui';
import {
  confirmIdentity,
  declineAuthorization,
  openSigningLink,
  signAuthorization,
  signingKeys,
} from './api';
import { SignaturePad } from './SignaturePad';

const errorText = (error: unknown) => (error instanceof Error ? error.message : SIGNING_MSG.linkUnusable);

export default function SignScreen({ params }: ScreenProps) {
  const token = params[0] ?? '';
  const link = useQuery({
    queryKey: signingKeys.link(token),
    queryFn: () => openSigningLink(token),
    retry: false,
  });
  const [dob, setDob] = useState('');
  const [document, setDocument] = useState<SigningDocument | null>(null);
  const [finished, setFinished] = useState<'signed' | 'declined' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  let body: ReactNode;
  if (link.isPending) {
    body = (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading" />
      </Group>
    );
  } else if (finished) {
    body = <Finished outcome={finished} />;
  } else if (failure || link.isError || link.data.status !== 'ready') {
    const locked = link.data?.status === 'locked' || failure === SIGNING_MSG.locked;
    body = (
      <Alert
        color={locked ? 'red' : 'gray'}
        icon={<IconLock size={20} />}
        title="This link cannot be used"
        role="alert"
      >
        {failure ?? (locked ? SIGNING_MSG.locked : SIGNING_MSG.linkUnusable)}
      </Alert>
    );
  } else if (!document) {
    body = (
      <Identity
        token={token}
        dob={dob}
        setDob={setDob}
        onConfirmed={setDocument}
        onGone={(message) => setFailure(message)}
      />
    );
  } else {
    body = (
      <Review
        token={token}
        dob={dob}
        document={document}
        onDone={setFinished}
        onGone={(message) => setFailure(message)}
      />
    );
  }
  return (
    <Stack gap="lg" maw={680} mx="auto">
      <Title order={1} size="h2">
        {document && !finished ? 'Review and sign' : 'Sign your authorization'}
      </Title>
      {body}
    </Stack>
  );
}

function Identity(props: {
  token: string;
  dob: string;
  setDob: (v: string) => void;
  onConfirmed: (d: SigningDocument) => void;
  onGone: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!props.dob) return setError('Enter your date of birth.');
    setBusy(true);
    setError(null);
    try {
      props.onConfirmed(await confirmIdentity(props.token, props.dob));
    } catch (err) {
      if (err instanceof ApiError && err.status !== 403) props.onGone(err.message);
      else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          You have been asked to sign an authorization to release your medical records. First, confirm it is
          you.
        </Text>
        <TextInput
          type="date"
          label="Your date of birth"
          value={props.dob}
          onChange={(e) => props.setDob(e.currentTarget.value)}
          error={error}
          required
          size="md"
          autoComplete="bday"
        />
        <Button type="submit" size="md" loading={busy} fullWidth>
          Continue
        </Button>
      </Stack>
    </Paper>
  );
}

function Review(props: {
  token: string;
  dob: string;
  document: SigningDocument;
  onDone: (outcome: 'signed' | 'declined') => void;
  onGone: (message: string) => void;
}) {
  const { document: doc } = props;
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  const [name, setName] = useState(doc.client_name);
  const [image, setImage] = useState<string | null>(null);
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState<'sign' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [forPatient, setForPatient] = useState(false);
  const [relationship, setRelationship] = useState<RepresentativeRelationship | null>(null);
  const [authority, setAuthority] = useState('');

  const run = async (kind: 'sign' | 'decline', call: () => Promise<unknown>) => {
    setBusy(kind);
    setError(null);
    try {
      await call();
      props.onDone(kind === 'sign' ? 'signed' : 'declined');
    } catch (err) {
      if (err instanceof ApiError && (err.status === 410 || err.status === 404)) props.onGone(err.message);
      else setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  const sign = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || (mode === 'drawn' && !image)) return setError(SIGNING_MSG.signatureNeeded);
    if (forPatient && !relationship) return setError(SIGNING_MSG.representativeRelationship);
    if (forPatient && !authority.trim()) return setError(SIGNING_MSG.representativeAuthority);
    if (!agree) return setError(SIGNING_MSG.agreeNeeded);
    void run('sign', () =>
      signAuthorization(props.token, {
        date_of_birth: props.dob,
        signer_name: name.trim(),
        signature: mode === 'drawn' && image ? { kind: 'drawn', image } : { kind: 'typed' },
        agree: true,
        representative: forPatient && relationship ? { relationship, authority: authority.trim() } : null,
      }),
    );
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="article" aria-labelledby="authorization-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id="authorization-title">
              {doc.title}
            </Title>
            <Text size="sm" c="dimmed">
              Requested by {doc.firm_name} · 45 CFR 164.508
            </Text>
          </div>
          {doc.sections.map((s) => (
            <div key={s.heading}>
              <Title order={3} size="h5">
                {s.heading}
              </Title>
              <Text>{s.text}</Text>
            </div>
          ))}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg" component="form" onSubmit={sign} noValidate aria-label="Signature">
        <Stack gap="md">
          <Title order={2} size="h3">
            Your signature
          </Title>
          <TextInput
            label="Full name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            size="md"
            autoComplete="name"
          />
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as 'drawn' | 'typed')}
            data={[
              { value: 'drawn', label: 'Draw' },
              { value: 'typed', label: 'Type' },
            ]}
            aria-label="How to sign"
            fullWidth
          />
          {mode === 'drawn' ? (
            <SignaturePad onChange={setImage} />
          ) : (
            <Paper withBorder radius="md" p="md" bg="gray.0">
              <Text ff="'Times New Roman', serif" fs="italic" fz={30} c="dark.7" aria-label="Typed signature">
                {name || ' '}
              </Text>
            </Paper>
          )}
          <Checkbox
            checked={forPatient}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setForPatient(on);
              // The representative signs in their own name, not the patient's.
              if (on && name === doc.client_name) setName('');
              if (!on && !name.trim()) setName(doc.client_name);
            }}
            label="I am signing for the patient as their personal representative"
            size="md"
          />
          {forPatient && (
            <>
              <Select
                label="I am the patient's"
                data={REPRESENTATIVE_RELATIONSHIPS.map((value) => ({
                  value,
                  label: REPRESENTATIVE_LABELS[value],
                }))}
                value={relationship}
                onChange={(value) => setRelationship(value as RepresentativeRelationship | null)}
                allowDeselect={false}
                required
                size="md"
              />
              <Textarea
                label="My authority to sign for the patient"
                description="For example: the court order appointing me, or the power of attorney and its date."
                value={authority}
                onChange={(e) => setAuthority(e.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
                required
                size="md"
              />
            </>
          )}
          <Checkbox
            checked={agree}
            onChange={(e) => setAgree(e.currentTarget.checked)}
            label="I have read this authorization and I sign it electronically."
            size="md"
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" size="md" fullWidth loading={busy === 'sign'} disabled={busy === 'decline'}>
            Sign authorization
          </Button>
          {declining ? (
            <Stack gap="xs">
              <Textarea
                label="Why are you declining? (optional)"
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                autosize
                minRows={2}
              />
              <Group grow>
                <Button variant="default" onClick={() => setDeclining(false)}>
                  Back
                </Button>
                <Button
                  color="red"
                  variant="light"
                  loading={busy === 'decline'}
                  onClick={() =>
                    void run('decline', () =>
                      declineAuthorization(props.token, { date_of_birth: props.dob, reason: reason || null }),
                    )
                  }
                >
                  Decline for good
                </Button>
              </Group>
            </Stack>
          ) : (
            <Button variant="subtle" color="gray" onClick={() => setDeclining(true)}>
              I do not want to sign
            </Button>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function Finished({ outcome }: { outcome: 'signed' | 'declined' }) {
  return (
    <Alert
      color={outcome === 'signed' ? 'teal' : 'gray'}
      icon={<IconCircleCheck size={20} />}
      title={outcome === 'signed' ? 'Thank you, you have signed' : 'You have declined'}
      role="status"
    >
      {outcome === 'signed'
        ? 'Your authorization has been sent to your law firm. You can close this page.'
        : 'Your law firm has been told. You can close this page.'}
    </Alert>
  );
}
