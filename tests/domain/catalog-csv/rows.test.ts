import { describe, expect, it } from 'vitest';
import { EMPTY_FACTS, FACT_MESSAGES } from '../../../src/domain/card-facts/facts.ts';
import { CSV_COLUMNS } from '../../../src/domain/catalog-csv/columns.ts';
import { readCsvTable } from '../../../src/domain/catalog-csv/parse.ts';
import { imageSource } from '../../../src/domain/catalog-csv/plan.ts';
import { CSV_MESSAGES, csvProducts } from '../../../src/domain/catalog-csv/rows.ts';

const HEADER = CSV_COLUMNS.map((name) => (/[",\n]/.test(name) ? `"${name}"` : name)).join(',');
/** A row in the column order of CSV_COLUMNS, from the cells given by column name. */
function row(cells: Record<string, string>): string {
  return CSV_COLUMNS.map((name) => {
    const value = cells[name] ?? '';
    return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  }).join(',');
}
const fact = (label: string, key: string) => `Card: ${label} (product.metafields.card.${key})`;
const read = (...rows: string[]) => csvProducts(readCsvTable([HEADER, ...rows].join('\r\n')));

describe('reading the catalogue CSV', () => {
  it('reads a product with its facts, Greek text, quoted newlines and a BOM', () => {
    const text = `\uFEFF${[
      HEADER,
      row({
        Handle: 'giannis-prizm',
        Title: '2018-19 Panini Prizm Γιάννης Αντετοκούνμπο #1',
        'Body (HTML)': '<p>Κάρτα σε άριστη κατάσταση,\nμε "sleeve".</p>',
        Type: 'Card',
        Tags: 'Milwaukee Bucks, offer',
        Published: 'TRUE',
        'Variant Price': '12.50',
        'Variant Inventory Qty': '3',
        [fact('Year', 'year')]: '2018-19',
        [fact('Autograph', 'autograph')]: 'TRUE',
        [fact('Serial number', 'serial_number')]: '23',
        [fact('Print run', 'print_run')]: '99',
        [fact('Grader', 'grader')]: 'PSA',
        [fact('Grade', 'grade')]: '10',
        [fact('Certificate number', 'cert_number')]: '0012345678',
      }),
    ].join('\r\n')}\r\n`;
    const { products, errors } = csvProducts(readCsvTable(text));
    expect(errors).toEqual([]);
    expect(products).toEqual([
      {
        line: 2,
        handle: 'giannis-prizm',
        title: '2018-19 Panini Prizm Γιάννης Αντετοκούνμπο #1',
        descriptionHtml: '<p>Κάρτα σε άριστη κατάσταση,\nμε "sleeve".</p>',
        productType: 'Card',
        tags: ['Milwaukee Bucks', 'offer'],
        priceCents: 1250,
        compareAtCents: null,
        quantity: 3,
        facts: {
          ...EMPTY_FACTS,
          year: '2018-19',
          autograph: true,
          serialNumber: 23,
          printRun: 99,
          grader: 'PSA',
          grade: 10,
          certNumber: '0012345678',
        },
        images: [],
      },
    ]);
  });

  it('joins further image rows to their product, in position order, and counts lines across quoted newlines', () => {
    const { products, errors } = read(
      row({
        Handle: 'a',
        Title: 'A',
        'Body (HTML)': 'one\ntwo\nthree',
        'Variant Price': '1',
        'Image Src': 'https://x/1.jpg',
        'Image Position': '1',
      }),
      row({ Handle: 'a', 'Image Src': 'https://x/3.jpg', 'Image Position': '3' }),
      row({ Handle: 'a', 'Image Src': 'https://x/2.jpg', 'Image Position': '2' }),
      row({ Handle: 'b', Title: 'B', 'Variant Price': 'abc' }),
    );
    expect(products.map((product) => product.images?.map((image) => image.url))).toEqual([
      ['https://x/1.jpg', 'https://x/2.jpg', 'https://x/3.jpg'],
    ]);
    // Line 2 holds three physical lines, so the bad price of B is on line 7.
    expect(errors).toEqual([{ line: 7, field: 'Variant Price', message: CSV_MESSAGES.price }]);
  });

  it.each([
    [
      { [fact('Grade', 'grade')]: '11', [fact('Grader', 'grader')]: 'PSA' },
      fact('Grade', 'grade'),
      FACT_MESSAGES.gradeRange,
    ],
    [
      { [fact('Serial number', 'serial_number')]: '100', [fact('Print run', 'print_run')]: '99' },
      fact('Serial number', 'serial_number'),
      FACT_MESSAGES.serialOver,
    ],
    [
      { [fact('Serial number', 'serial_number')]: '5' },
      fact('Serial number', 'serial_number'),
      CSV_MESSAGES.serialWithoutRun,
    ],
    [
      { [fact('Grader', 'grader')]: 'RAW', [fact('Certificate number', 'cert_number')]: '12345678' },
      fact('Certificate number', 'cert_number'),
      FACT_MESSAGES.certNeedsGrader,
    ],
    [
      {
        [fact('Grader', 'grader')]: 'BGS',
        [fact('Grade', 'grade')]: '9.5',
        [fact('Certificate number', 'cert_number')]: '0012345678!',
      },
      fact('Certificate number', 'cert_number'),
      FACT_MESSAGES.certFormat,
    ],
    [{ [fact('Rookie', 'rookie')]: 'maybe' }, fact('Rookie', 'rookie'), CSV_MESSAGES.flag],
    [{ [fact('Year', 'year')]: '2018-2020' }, fact('Year', 'year'), FACT_MESSAGES.year],
    [{ 'Variant Inventory Qty': '-1' }, 'Variant Inventory Qty', CSV_MESSAGES.quantity],
    [{ 'Variant Inventory Qty': '2.5' }, 'Variant Inventory Qty', CSV_MESSAGES.quantity],
    [{ 'Variant Price': '' }, 'Variant Price', CSV_MESSAGES.price],
    [{ Published: 'maybe' }, 'Published', CSV_MESSAGES.published],
    [{ Handle: 'no spaces' }, 'Handle', CSV_MESSAGES.handle],
    [{ Title: 'x'.repeat(251) }, 'Title', CSV_MESSAGES.title],
  ])('%o gives a row error on its line and column, in Greek', (cells, field, message) => {
    const { products, errors } = read(
      row({ Handle: 'fine', Title: 'Fine', 'Variant Price': '1' }),
      row({ Handle: 'bad', Title: 'Bad', 'Variant Price': '2', ...cells }),
    );
    expect(errors).toEqual([{ line: 3, field, message }]);
    expect(products.map((product) => product.handle)).toEqual(['fine']);
  });

  it('wrong columns are errors of the header line', () => {
    const table = readCsvTable('Handle,Titel,Price\r\na,A,1');
    expect(csvProducts(table).errors).toEqual([
      { line: 1, field: 'Titel', message: CSV_MESSAGES.unknownColumn('Titel') },
      { line: 1, field: 'Price', message: CSV_MESSAGES.unknownColumn('Price') },
      { line: 1, field: 'Title', message: CSV_MESSAGES.missingColumn('Title') },
      { line: 1, field: 'Variant Price', message: CSV_MESSAGES.missingColumn('Variant Price') },
    ]);
  });

  it('a row with the wrong number of cells, a repeated handle and an orphan image row are errors', () => {
    const { errors } = read(
      row({ Handle: 'a', Title: 'A', 'Variant Price': '1' }),
      'a,A,too,few',
      row({ Handle: 'a', Title: 'Again', 'Variant Price': '1' }),
      row({ Handle: 'z', 'Image Src': 'https://x/1.jpg' }),
    );
    expect(errors).toEqual([
      { line: 3, field: '', message: CSV_MESSAGES.cellCount(4, CSV_COLUMNS.length) },
      { line: 4, field: 'Handle', message: CSV_MESSAGES.repeatedHandle(2) },
      { line: 5, field: 'Handle', message: CSV_MESSAGES.orphanImage },
    ]);
  });

  it('an unclosed quote is one error naming the line where reading stopped', () => {
    expect(() => readCsvTable('Handle,Title\r\na,"open\r\nb,B')).toThrow(
      'Το αρχείο δεν διαβάζεται ως CSV κοντά στη γραμμή 4: ένα πεδίο ανοίγει εισαγωγικά που δεν κλείνουν ως το τέλος του αρχείου.',
    );
  });
});

describe('imageSource', () => {
  const origin = 'https://shop.example';
  it('takes only this shop’s own /media/ files', () => {
    expect(imageSource('https://shop.example/media/abc.webp', origin)).toEqual({
      kind: 'own',
      name: 'abc.webp',
      url: 'https://shop.example/media/abc.webp',
    });
    expect(imageSource('/media/abc.webp', origin).kind).toBe('own');
    for (const url of [
      'https://evil.example/media/abc.webp',
      'http://shop.example/media/abc.webp',
      'https://shop.example/media/../shop.db',
      'https://shop.example/media/%2e%2e%2fshop.db',
      'https://shop.example/other/abc.webp',
      'https://shop.example/media/abc.webp?w=800',
      'http://169.254.169.254/latest/meta-data',
      'file:///etc/passwd',
      'not a url',
    ])
      expect(imageSource(url, origin).kind, url).toBe('foreign');
  });
});
