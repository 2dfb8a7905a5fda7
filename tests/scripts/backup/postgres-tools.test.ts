import { describe, expect, it } from 'vitest';
import { describeDatabase, libpqConnection, maskSecrets } from '../../../scripts/backup/postgres-tools.ts';

describe("the PostgreSQL tools' connection", () => {
  it('takes the password off the address and hands it over in PGPASSWORD', () => {
    const { dbname, env } = libpqConnection(
      'postgres://shop:p%40ss%3Aword@db.example.gr:6432/cards?sslmode=require',
    );
    expect(dbname).toBe('postgres://shop@db.example.gr:6432/cards?sslmode=require');
    expect(env.PGPASSWORD).toBe('p@ss:word');
    expect(libpqConnection('postgresql://shop@localhost/cards').env.PGPASSWORD).toBeUndefined();
  });

  it('names the database for the operator without the password, and masks it in messages', () => {
    const url = 'postgres://shop:s3cret@db.example.gr/cards';
    expect(describeDatabase(url)).toBe('database cards at db.example.gr:5432');
    expect(maskSecrets(`could not connect to ${url}; password "s3cret" refused`, url)).toBe(
      'could not connect to DATABASE_URL; password "****" refused',
    );
    expect(maskSecrets('postgres://other:hunter2@host/db', url)).toBe('postgres://other:****@host/db');
  });
});
