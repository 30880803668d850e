import type { SqlClient } from './sql-client';

const DEADLOCK = '40P01';

/**
 * Drops schemas and everything in them. Test suites running side by side on
 * one PostgreSQL server create and drop schemas at the same time, and two
 * DROP SCHEMA … CASCADE can deadlock on the catalog; PostgreSQL then aborts
 * one of them, which is safe to run again.
 */
export async function dropSchemas(sql: Pick<SqlClient, 'exec'>, schemas: readonly string[]): Promise<void> {
  const statement = schemas.map((schema) => `drop schema if exists "${schema.replaceAll('"', '""')}" cascade;`).join(' ');
  for (let attempt = 1; ; attempt++) {
    try {
      await sql.exec(statement);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
