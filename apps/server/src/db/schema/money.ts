import { type Cents, centsOf } from '@dd/shared';
import { customType } from 'drizzle-orm/pg-core';

/**
 * A money column: whole cents in a bigint, read and written as `Cents` (packages/shared/src/money.ts), so
 * no amount is ever a binary fraction between the database and the code. node-postgres answers a bigint
 * as a string and PGlite as a number; both become the same integer.
 */
export const centsColumn = customType<{ data: Cents; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  fromDriver: (value) => centsOf(value),
  toDriver: (value) => value,
});
