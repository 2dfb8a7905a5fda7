import { openTestCatalogue } from '../helpers/catalogue.ts';
import { postgresTestDatabase } from '../helpers/databases.ts';
import { mediaContract } from './media.contract.ts';

// The same adapter as on SQLite (media.local.test.ts): files in a data folder, rows in PostgreSQL.
mediaContract(
  'embedded engine (files in a data folder, rows in PostgreSQL)',
  async () => {
    const catalogue = await openTestCatalogue(postgresTestDatabase);
    const { media, commerce } = catalogue;
    return {
      media,
      commerce,
      async readImage(url) {
        const name = /^\/media\/([^/?#]+)$/.exec(url)?.[1];
        return name ? ((await media.read(name))?.bytes ?? null) : null;
      },
      close: catalogue.close,
    };
  },
  { urlBeforeAttach: true },
);
