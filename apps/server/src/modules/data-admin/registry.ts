import type { AdminFieldType } from '@dd/shared';
import { type RelatedSearch, SEARCH_MIN_CONTAINS } from './data-admin.search.queries';

/**
 * The one list of what the data administration may reach: each administrable table with the
 * columns it shows. A column that is not listed here cannot be read or written through it, so password
 * hashes, tokens, SSNs, keys and encrypted columns are simply absent. Models whose changes carry product
 * rules (requests, notes, users, money) are read-only here and changed on their own screens; the
 * writable ones go through their product service where one exists (data-admin.writers.ts).
 */
export interface AdminColumn {
  /** The SQL column name, also the field name in the API. */
  name: string;
  type: AdminFieldType;
  required?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  /** For relations: the model whose id the column holds. */
  related?: { app: string; model: string };
  /** Filled in when a new record leaves the field out (model maker defaults). */
  default?: unknown;
  /** A money column stored in whole cents, shown and written in dollars (writes go through the product). */
  cents?: boolean;
}

export interface AdminModelDef {
  app: string;
  model: string;
  label: string;
  /** The SQL schema: 'public' for the product's tables, 'custom' for the model maker's. */
  schema: 'public' | 'custom';
  table: string;
  /** The column a record is named by (lists, relation selects). */
  display: string;
  /** Text columns the list's search box looks in for the text anywhere (trigram-indexed on large tables). */
  search: string[];
  /** The search box also finds the record whose id is the text (a whole number). */
  searchId?: boolean;
  /** Columns the search box compares whole (a unique index). */
  searchExact?: string[];
  /** Related records whose name contains the text (data-admin.search.queries.ts). */
  searchRelated?: RelatedSearch[];
  /** Shorter text matches only the id and the exact columns (a trigram index needs three characters). */
  searchMinLength?: number;
  columns: AdminColumn[];
  writable: boolean;
  deletable: boolean;
  /** The display column is unique ignoring case and spaces (checked row by row on a CSV upload). */
  uniqueDisplay?: boolean;
}

export const ADMIN_APPS: Record<string, string> = {
  home: 'Records',
  users: 'Users',
  modelWebsite: 'Website',
  custom: 'Custom models',
};

const text = (name: string, extra: Partial<AdminColumn> = {}): AdminColumn => ({
  name,
  type: 'text',
  ...extra,
});
const createdAt: AdminColumn = { name: 'created_at', type: 'datetime', readOnly: true };
const rel = (name: string, app: string, model: string, extra: Partial<AdminColumn> = {}): AdminColumn => ({
  name,
  type: 'relation',
  related: { app, model },
  ...extra,
});
const address = ['address_1', 'address_2', 'city', 'state', 'zip_code'].map((name) => text(name));

type Def = Omit<AdminModelDef, 'schema' | 'search' | 'writable' | 'deletable'> &
  Partial<Pick<AdminModelDef, 'search' | 'writable' | 'deletable'>>;
const model = (def: Def): AdminModelDef => ({
  schema: 'public',
  search: [def.display],
  writable: false,
  deletable: false,
  ...def,
});

export const STATIC_MODELS: AdminModelDef[] = [
  model({
    app: 'home',
    model: 'company',
    label: 'Company',
    table: 'companies',
    display: 'name',
    writable: true,
    columns: [
      text('name', { required: true, maxLength: 200 }),
      ...['admin_name', 'admin_email', 'admin_phone', 'admin_fax'].map((name) => text(name)),
      ...address,
      text('phone_number'),
      text('fax_number'),
      { name: 'request_price', type: 'decimal', cents: true },
      { name: 'auto_surcharge', type: 'boolean' },
      text('release_form_url', { readOnly: true }),
      createdAt,
    ],
  }),
  model({
    app: 'home',
    model: 'provider',
    label: 'Provider',
    table: 'providers',
    display: 'name',
    writable: true,
    uniqueDisplay: true,
    columns: [
      text('name', { required: true, maxLength: 200 }),
      text('email'),
      text('phone'),
      text('fax'),
      ...address,
      { name: 'notes', type: 'longtext' },
      text('medical_request_url', { readOnly: true }),
      { name: 'verified_at', type: 'datetime', readOnly: true },
      createdAt,
    ],
  }),
  model({
    app: 'home',
    model: 'requesttype',
    label: 'Request Type',
    table: 'request_types',
    display: 'name',
    writable: true,
    deletable: true,
    uniqueDisplay: true,
    columns: [
      text('name', { required: true, maxLength: 200 }),
      { name: 'active', type: 'boolean', readOnly: true },
    ],
  }),
  model({
    app: 'home',
    model: 'notetemplate',
    label: 'Note Template',
    table: 'note_templates',
    display: 'name',
    writable: true,
    deletable: true,
    columns: [
      text('name', { required: true, maxLength: 200 }),
      text('description', { maxLength: 1000 }),
      { name: 'text', type: 'longtext', required: true, maxLength: 10_000 },
      createdAt,
    ],
  }),
  model({
    app: 'home',
    model: 'patient',
    label: 'Patient',
    table: 'patients',
    display: 'full_name',
    columns: [
      text('first_name'),
      text('last_name'),
      text('full_name', { readOnly: true }),
      { name: 'date_of_birth', type: 'date' },
      ...address,
      text('email'),
      text('phone_number'),
      rel('company_id', 'home', 'company'),
      createdAt,
    ],
  }),
  model({
    app: 'home',
    model: 'request',
    label: 'Request',
    table: 'requests',
    display: 'internal_number',
    // A million rows: every branch has its index (the internal number's trigram index, migration 0024).
    search: ['internal_number'],
    searchId: true,
    searchRelated: [
      { column: 'patient_id', table: 'patients', name: 'full_name', label: 'Client name' },
      { column: 'provider_id', table: 'providers', name: 'name', label: 'Provider name' },
    ],
    searchMinLength: SEARCH_MIN_CONTAINS,
    columns: [
      text('internal_number'),
      text('status'),
      text('request_type'),
      { name: 'rush', type: 'boolean' },
      rel('patient_id', 'home', 'patient'),
      rel('provider_id', 'home', 'provider'),
      rel('company_id', 'home', 'company'),
      rel('user_id', 'users', 'user'),
      rel('working_on_id', 'users', 'user'),
      { name: 'price', type: 'decimal', cents: true },
      { name: 'next_todo_date', type: 'date' },
      { name: 'archived', type: 'boolean' },
      createdAt,
    ],
  }),
  model({
    app: 'home',
    model: 'note',
    label: 'Note',
    table: 'notes',
    display: 'text',
    search: [],
    columns: [
      { name: 'text', type: 'longtext' },
      text('update_status'),
      rel('request_id', 'home', 'request'),
      rel('user_id', 'users', 'user'),
      { name: 'reminder_date', type: 'date' },
      createdAt,
    ],
  }),
  model({
    app: 'home',
    model: 'billing',
    label: 'Billing',
    table: 'billings',
    display: 'title',
    columns: [
      text('title'),
      rel('company_id', 'home', 'company'),
      { name: 'is_paid', type: 'boolean' },
      { name: 'paid_at', type: 'datetime' },
      createdAt,
    ],
  }),
  model({
    app: 'users',
    model: 'user',
    label: 'User',
    table: 'users',
    display: 'full_name',
    search: ['full_name', 'email'],
    columns: [
      text('first_name'),
      text('last_name'),
      text('full_name'),
      text('email'),
      text('phone_number'),
      rel('company_id', 'home', 'company'),
      rel('role_id', 'users', 'role'),
      { name: 'is_staff', type: 'boolean' },
      { name: 'is_active', type: 'boolean' },
      { name: 'is_admin_user', type: 'boolean' },
      text('timezone'),
      { name: 'last_login_at', type: 'datetime' },
      createdAt,
    ],
  }),
  model({
    app: 'users',
    model: 'role',
    label: 'Role',
    table: 'roles',
    display: 'name',
    columns: [text('name')],
  }),
  model({
    app: 'modelWebsite',
    model: 'page',
    label: 'Page',
    table: 'website_pages',
    display: 'name',
    search: ['name', 'url'],
    columns: [text('name'), text('url'), createdAt, { name: 'updated_at', type: 'datetime' }],
  }),
];
