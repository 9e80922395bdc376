import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test';
import { LegalDeadline } from './legal-deadline';

describe('LegalDeadline', () => {
  it('shows the due date with where it stands and the rule that set it', () => {
    renderWithProviders(
      <LegalDeadline
        request={{
          legal_basis: 'patient_access',
          due_date: '2026-11-24',
          deadline_rule:
            'Texas electronic health records: 15 business days (Tex. Health & Safety Code 181.102)',
          deadline_status: 'overdue',
        }}
      />,
    );
    expect(screen.getByText('Patient access (the client’s own right of access)')).toBeInTheDocument();
    expect(screen.getByText('11/24/2026')).toBeInTheDocument();
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText(/Tex\. Health & Safety Code 181\.102/)).toBeInTheDocument();
  });

  it('says when the clock starts for a request not yet sent', () => {
    renderWithProviders(
      <LegalDeadline
        request={{ legal_basis: 'authorization', due_date: null, deadline_rule: null, deadline_status: null }}
      />,
    );
    expect(screen.getByText('HIPAA authorization')).toBeInTheDocument();
    expect(screen.getByText('Counted from the first send to the provider.')).toBeInTheDocument();
  });
});
