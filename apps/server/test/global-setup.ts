import { openDatabase } from '../src/db/client';

/** With DATABASE_URL, migrate the PostgreSQL database once before the workers start. */
export default async function setup() {
  if (!process.env.DATABASE_URL) return;
  const database = await openDatabase({ url: process.env.DATABASE_URL });
  await database.close();
}
