import { createDatabaseDocuments } from '../../src/adapters/docs-database/index.ts';
import { DATABASES } from '../helpers/databases.ts';
import { documentsContract } from './documents.contract.ts';

// One adapter on both of the shop's databases (decision 093).
for (const [name, openDatabase] of DATABASES)
  documentsContract(name, async () => {
    const database = await openDatabase();
    return { documents: createDatabaseDocuments(database.store), close: database.close };
  });
