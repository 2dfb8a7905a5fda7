import { createDatabaseContact } from '../../src/adapters/contact-database/index.ts';
import { createOutboxMail } from '../../src/adapters/mail-outbox/index.ts';
import { DATABASES } from '../helpers/databases.ts';
import { contactContract } from './contact.contract.ts';

// One adapter on both of the shop's databases (decision 093).
for (const [name, openDatabase] of DATABASES)
  contactContract(name, async () => {
    const database = await openDatabase();
    const mail = createOutboxMail(database.store, { transport: null, from: 'shop@example.gr' });
    return {
      contact: createDatabaseContact(database.store),
      outbox: () => mail.listOutbox(),
      close: database.close,
    };
  });
