/**
 * Where each table goes when the data outgrows one PostgreSQL (docs/scale.md): distributed by `company_id`
 * (a firm's own rows; `companies` by its id), a reference table copied to every node, or local to the
 * coordinator. src/db/schema-rules.test.ts checks the schema against it, and the tenant-condition check of
 * the tests (test/tenant-statements.ts) reads the distributed tables from it.
 */
/**
 * Distributed tables whose ids stay `integer` (docs/scale.md, rule 4; decision 082): one row per firm, and
 * one per person who signs in, so never near 2,147,483,647 rows. Their ids are in nearly every row and
 * index (each row's firm, each author), which a change of type would rewrite everywhere for nothing.
 */
export const BOUNDED_ID_TABLES: ReadonlySet<string> = new Set(['companies', 'users']);

export const DISTRIBUTED_TABLES: ReadonlySet<string> = new Set([
  'companies',
  'users',
  'patients',
  'requests',
  'record_pages',
  'billings',
  'card_payments',
  'fee_approvals',
  'signing_requests',
  'api_keys',
  'webhook_endpoints',
  'notes',
  'files',
  'invoices',
  'request_type_choices',
  'follow_ups',
  'authorization_checks',
  'record_indexing',
  'file_accesses',
  'bates_counters',
  'bates_ranges',
  'signing_events',
  'webhook_deliveries',
  'uploads',
  'sessions',
  'refresh_tokens',
  'one_time_tokens',
  'idempotency_keys',
  'notification_email_prefs',
  'notification_digest_items',
  'subscriptions',
  'crashpads',
  'invoice_tallies',
]);

export const REFERENCE_TABLES: ReadonlySet<string> = new Set([
  // Every user's address, id, name and firm: the sign-in's look-up before any firm is known, and what rows that
  // may name the retrieval company's staff point at and read names from (staff belong to another firm).
  'user_directory',
  'providers',
  'request_types',
  'note_templates',
  'roles',
  'price_settings',
  'server_settings',
  'website_pages',
  'website_page_versions',
  'website_components',
  'model_configs',
  'pdf_forms',
  'pdf_form_pages',
  'pdf_form_mappings',
]);

export const LOCAL_TABLES: ReadonlySet<string> = new Set([
  'jobs',
  'email_outbox',
  'notification_email_queue',
  'rate_limit_hits',
  'audit_events',
  'contact_messages',
  'payment_events',
  'disk_usage',
  'checked_password_hashes',
  'custom_model_migrations',
  'request_tallies',
  'request_hour_tallies',
]);
