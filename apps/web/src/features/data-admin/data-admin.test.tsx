import type { AdminField } from '@dd/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test';
import { Form } from '../../ui';
import { AdminFieldInput } from './AdminFieldInput';
import { bodyOf, draftOf, emptyDraft, hasDuplicateNames } from './ModelConfigEditor';
import { showValue } from './values';

const field = (over: Partial<AdminField>): AdminField => ({
  name: 'x',
  label: 'X',
  type: 'text',
  required: false,
  read_only: false,
  is_relation: false,
  related_app: null,
  related_model: null,
  max_length: null,
  money: false,
  ...over,
});

describe('model maker drafts', () => {
  it('sends typed defaults, a Char length and trimmed names', () => {
    const draft = {
      ...emptyDraft(),
      name: ' Vendor ',
      fields: [
        { name: 'active', type: 'Boolean' as const, default: 'true', blank: true, limit: '' as const },
        { name: 'fee ', type: 'Decimal' as const, default: '2.5', blank: false, limit: '' as const },
        { name: 'code', type: 'Char' as const, default: '', blank: true, limit: '' as const },
      ],
      related: [{ name: 'provider', model: 'home/provider', alias: ' ' }],
    };
    expect(bodyOf(draft)).toEqual({
      name: 'Vendor',
      order: 0,
      data: {
        fields: [
          { name: 'active', type: 'Boolean', blank: true, default: true },
          { name: 'fee', type: 'Decimal', blank: false, default: 2.5 },
          { name: 'code', type: 'Char', blank: true, limit: 255 },
        ],
        related: [{ name: 'provider', model: 'home/provider' }],
      },
    });
  });

  it("refuses a field named twice, a relation clashing with a field, and another model's name", () => {
    const row = { type: 'Text' as const, default: '', blank: true, limit: '' as const };
    const base = { ...emptyDraft(), name: 'Vendor' };
    expect(
      hasDuplicateNames(
        {
          ...base,
          fields: [
            { ...row, name: 'a' },
            { ...row, name: 'a' },
          ],
        },
        [],
      ),
    ).toBe(true);
    expect(
      hasDuplicateNames(
        {
          ...base,
          fields: [{ ...row, name: 'owner_id' }],
          related: [{ name: 'owner', model: 'x', alias: '' }],
        },
        [],
      ),
    ).toBe(true);
    expect(hasDuplicateNames(base, ['vendor'])).toBe(true);
    expect(hasDuplicateNames({ ...base, fields: [{ ...row, name: 'a' }] }, ['Other'])).toBe(false);
  });

  it('reads a saved configuration back into the same body', () => {
    const config = {
      id: 1,
      name: 'Vendor',
      order: 2,
      data: { fields: [{ name: 'n', type: 'Integer' as const, default: 3, blank: true }], related: [] },
      table: 'vendor',
      applied: true,
      pending: false,
      created_at: '2026-11-26T00:00:00Z',
    };
    expect(bodyOf(draftOf(config))).toEqual({ name: 'Vendor', order: 2, data: config.data });
  });
});

describe('record values in lists', () => {
  it('names relations, shows booleans as Yes/No and dates as mm/dd/yyyy', () => {
    const record = {
      company_id: 4,
      company_id__label: 'Smith Law Group',
      rush: true,
      created_at: '2026-03-14T12:00:00.000Z',
    };
    renderWithProviders(
      <div>
        {showValue(field({ name: 'company_id', type: 'relation' }), record)}|
        {showValue(field({ name: 'rush', type: 'boolean' }), record)}|
        {showValue(field({ name: 'created_at', type: 'datetime' }), record)}|
        {showValue(field({ name: 'none' }), record)}
      </div>,
    );
    expect(screen.getByText(/Smith Law Group/)).toBeTruthy();
    expect(screen.getByText('Yes')).toBeTruthy();
    expect(screen.getByText(/03\/14\/2026/)).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
  });
});

describe('decimals and money', () => {
  it('shows money with the one money format and other decimals digit for digit', () => {
    const record = { request_price: '1234567.89', fee: '12345678901234.5678' };
    renderWithProviders(
      <div>
        {showValue(field({ name: 'request_price', type: 'decimal', money: true }), record)}|
        {showValue(field({ name: 'fee', type: 'decimal' }), record)}
      </div>,
    );
    expect(screen.getByText(/\$1,234,567\.89/)).toBeTruthy();
    expect(screen.getByText(/12345678901234\.5678/)).toBeTruthy();
  });

  it('sends an edited amount as typed, never through a float', async () => {
    const sent: Record<string, unknown>[] = [];
    renderWithProviders(
      <Form initialValues={{ request_price: '35.00', fee: '1.5' }} onSubmit={(v) => sent.push(v)}>
        <AdminFieldInput
          field={field({ name: 'request_price', label: 'Request price', type: 'decimal', money: true })}
        />
        <AdminFieldInput field={field({ name: 'fee', label: 'Fee', type: 'decimal' })} />
      </Form>,
    );
    const price = screen.getByRole('textbox', { name: 'Request price' });
    expect(price).toHaveProperty('value', '35.00');
    await userEvent.clear(price);
    await userEvent.type(price, '0.30');
    const fee = screen.getByRole('textbox', { name: 'Fee' });
    await userEvent.clear(fee);
    await userEvent.type(fee, '12345678901234.5678');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sent).toEqual([{ request_price: '0.30', fee: '12345678901234.5678' }]);
  });
});
