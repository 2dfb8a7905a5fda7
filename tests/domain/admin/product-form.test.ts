import { describe, expect, it } from 'vitest';
import {
  compactName,
  MAX_PRODUCT_IMAGES,
  PRODUCT_FORM_MESSAGES,
  type ProductFormValues,
  playersOfTeam,
  titleNamesPlayer,
  toValidProduct,
  validateProductForm,
} from '../../../src/domain/admin/product-form.ts';
import { EMPTY_FACT_FIELDS, EMPTY_FACTS, FACT_MESSAGES } from '../../../src/domain/card-facts/facts.ts';
import type { Category } from '../../../src/domain/catalog/category.ts';

const player = (name: string) => ({ name, image: '/p.svg' });
const categories: Category[] = [
  {
    id: 'euroleague',
    name: 'Euroleague',
    teams: [
      {
        name: 'Olympiacos',
        image: '',
        players: [player('Sasha Vezenkov'), player('Evan Fournier'), player("Amath M'Baye")],
      },
      { name: 'Panathinaikos', image: '', players: [player('Kendrick Nunn')] },
    ],
  },
  {
    id: 'nba-atlantic',
    name: 'Atlantic',
    teams: [{ name: 'New York Knicks', image: '', players: [player('Karl-Anthony Towns')] }],
  },
];

const valid: ProductFormValues = {
  kind: 'card',
  title: 'Sasha Vezenkov Prizm Silver',
  price: '1,50',
  offer: false,
  compareAt: '',
  team: 'Olympiacos',
  quantity: '3',
  descriptionEnabled: true,
  descriptionHtml: '<p>Near mint</p>',
  mediaIds: ['gid://shop/MediaImage/1', 'gid://shop/MediaImage/2'],
  facts: EMPTY_FACT_FIELDS,
};

const errorsOf = (changes: Partial<ProductFormValues>) =>
  validateProductForm({ ...valid, ...changes }, categories);

describe('validateProductForm', () => {
  it('accepts a complete form', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('requires a team', () => {
    expect(errorsOf({ team: '' }).team).toBe('Παρακαλώ επιλέξτε μία ομάδα.');
  });

  it('requires a price, and a blank one counts as missing', () => {
    expect(errorsOf({ price: '' }).price).toBe('Η τιμή είναι υποχρεωτική.');
    expect(errorsOf({ price: '   ' }).price).toBe(PRODUCT_FORM_MESSAGES.priceRequired);
  });

  it.each(['1.50', '1,505', '-1', '1,', ',50', '1 50', '€1', '1e3', 'abc', '1,5,0'])(
    'refuses the price %j with the comma message',
    (price) => {
      expect(errorsOf({ price }).price).toBe(
        'Η τιμή πρέπει να χρησιμοποιεί κόμμα (π.χ. 1,50) και όχι άλλους χαρακτήρες.',
      );
    },
  );

  it.each(['1', '0', '1,5', '1,50', '1200,99', ' 2,00 '])('accepts the price %j', (price) => {
    expect(errorsOf({ price }).price).toBeUndefined();
  });

  it('requires a title', () => {
    expect(errorsOf({ title: '' }).title).toBe('Το πεδίο title είναι υποχρεωτικό');
    expect(errorsOf({ title: '   ' }).title).toBe(PRODUCT_FORM_MESSAGES.titleRequired);
  });

  it('requires the title to name a player of the chosen team', () => {
    expect(errorsOf({ title: 'Kendrick Nunn Rookie' }).title).toBe(
      'Ο τίτλος πρέπει να περιέχει το όνομα ενός παίκτη από την επιλεγμένη ομάδα.',
    );
    expect(errorsOf({ title: 'Kendrick Nunn Rookie', team: 'Panathinaikos' })).toEqual({});
  });

  it('matches player names ignoring case, spaces, hyphens and apostrophes', () => {
    expect(errorsOf({ title: 'sasha-VEZENKOV auto' }).title).toBeUndefined();
    expect(errorsOf({ title: 'SashaVezenkov' }).title).toBeUndefined();
    expect(errorsOf({ title: 'Amath MBaye rookie' }).title).toBeUndefined();
    expect(errorsOf({ title: 'Karl Anthony Towns', team: 'New York Knicks' }).title).toBeUndefined();
  });

  it('checks the title against the team only once a team is chosen', () => {
    expect(errorsOf({ team: '', title: 'Anything' })).toEqual({ team: PRODUCT_FORM_MESSAGES.teamRequired });
  });

  it('refuses a title for a team that is not in the categories', () => {
    expect(errorsOf({ team: 'Unknown FC' }).title).toBe(PRODUCT_FORM_MESSAGES.titlePlayer);
  });

  it('reports every broken rule at once', () => {
    expect(Object.keys(errorsOf({ title: '', price: '1.50', team: '' })).sort()).toEqual([
      'price',
      'team',
      'title',
    ]);
  });

  it('takes an empty stock as 0 and refuses anything but a whole number', () => {
    expect(errorsOf({ quantity: '' }).quantity).toBeUndefined();
    expect(errorsOf({ quantity: '0' }).quantity).toBeUndefined();
    for (const quantity of ['-1', '1.5', '1,5', 'abc', '12345678']) {
      expect(errorsOf({ quantity }).quantity, quantity).toBe(PRODUCT_FORM_MESSAGES.stockFormat);
    }
  });

  it('allows at most two images', () => {
    expect(MAX_PRODUCT_IMAGES).toBe(2);
    expect(errorsOf({ mediaIds: [] }).images).toBeUndefined();
    expect(errorsOf({ mediaIds: ['a', 'b', 'c'] }).images).toBe('Μπορείτε να ανεβάσετε έως 2 εικόνες.');
  });
});

describe('product types and offers (decision 089)', () => {
  it('a pack or a LOT needs no team and may be named freely; a card keeps the spec rules', () => {
    expect(errorsOf({ kind: 'mystery-pack', team: '', title: '5x AUTO Cards MYSTERY PACK' })).toEqual({});
    expect(errorsOf({ kind: 'lot', team: 'Olympiacos', title: 'Olympiacos LOT of 20' })).toEqual({});
    expect(errorsOf({ kind: 'card', team: '', title: 'Any title' })).toEqual({
      team: PRODUCT_FORM_MESSAGES.teamRequired,
    });
    expect(errorsOf({ kind: 'card', title: 'Olympiacos LOT of 20' })).toEqual({
      title: PRODUCT_FORM_MESSAGES.titlePlayer,
    });
  });

  it('an offer needs an old price above the price, with a comma; only cards go on offer', () => {
    expect(errorsOf({ offer: true, compareAt: '' })).toEqual({
      compareAt: PRODUCT_FORM_MESSAGES.compareAtRequired,
    });
    expect(errorsOf({ offer: true, compareAt: '2.50' })).toEqual({
      compareAt: PRODUCT_FORM_MESSAGES.compareAtFormat,
    });
    expect(errorsOf({ offer: true, compareAt: '1,50' })).toEqual({
      compareAt: PRODUCT_FORM_MESSAGES.compareAtNotAbove,
    });
    expect(errorsOf({ offer: true, compareAt: '1,00' })).toEqual({
      compareAt: PRODUCT_FORM_MESSAGES.compareAtNotAbove,
    });
    expect(errorsOf({ offer: true, compareAt: '2,50' })).toEqual({});
    expect(errorsOf({ offer: false, compareAt: '2,50' })).toEqual({});
    expect(errorsOf({ kind: 'lot', offer: true, compareAt: '2,50', title: 'Any LOT' })).toEqual({
      offer: PRODUCT_FORM_MESSAGES.offerCardsOnly,
    });
    // An offer from before decision 089 may be edited without adding an old price.
    expect(validateProductForm({ ...valid, offer: true, compareAt: '' }, categories, true)).toEqual({});
    expect(toValidProduct({ ...valid, offer: true, compareAt: '2,50' })).toMatchObject({
      offer: true,
      compareAtCents: 250,
    });
  });
});

describe('card facts in the form', () => {
  it('checks them with the facts schema, under facts.<field>, in Greek', () => {
    expect(
      errorsOf({ facts: { ...EMPTY_FACT_FIELDS, grader: 'PSA', grade: '11', serial: '100/99' } }),
    ).toEqual({
      'facts.grade': FACT_MESSAGES.gradeRange,
      'facts.serial': FACT_MESSAGES.serialOver,
    });
  });

  it('hands valid facts to the server as data', () => {
    const facts = { ...EMPTY_FACT_FIELDS, year: '2023-24', autograph: true, grader: 'BGS', grade: '9,5' };
    expect(errorsOf({ facts })).toEqual({});
    expect(toValidProduct({ ...valid, facts }).facts).toEqual({
      ...EMPTY_FACTS,
      year: '2023-24',
      autograph: true,
      grader: 'BGS',
      grade: 9.5,
    });
  });
});

describe('toValidProduct', () => {
  it('turns the comma price into cents and trims the text fields', () => {
    expect(toValidProduct({ ...valid, title: '  Sasha Vezenkov  ', team: ' Olympiacos ' })).toEqual({
      kind: 'card',
      title: 'Sasha Vezenkov',
      priceCents: 150,
      offer: false,
      compareAtCents: null,
      team: 'Olympiacos',
      quantity: 3,
      descriptionHtml: '<p>Near mint</p>',
      mediaIds: ['gid://shop/MediaImage/1', 'gid://shop/MediaImage/2'],
      facts: EMPTY_FACTS,
    });
    expect(toValidProduct({ ...valid, price: '12' }).priceCents).toBe(1200);
    expect(toValidProduct({ ...valid, price: '0,5' }).priceCents).toBe(50);
  });

  it('defaults the stock to 0', () => {
    expect(toValidProduct({ ...valid, quantity: '' }).quantity).toBe(0);
    expect(toValidProduct({ ...valid, quantity: ' 7 ' }).quantity).toBe(7);
  });

  it('drops the description when its checkbox is off', () => {
    expect(toValidProduct({ ...valid, descriptionEnabled: false }).descriptionHtml).toBe('');
  });

  it('keeps each image once, in order', () => {
    expect(toValidProduct({ ...valid, mediaIds: ['b', 'a', 'b'] }).mediaIds).toEqual(['b', 'a']);
  });
});

describe('player matching helpers', () => {
  it('compacts names', () => {
    expect(compactName("Amath M'Baye")).toBe('amathmbaye');
    expect(compactName('Karl-Anthony  Towns')).toBe('karlanthonytowns');
  });

  it('lists the players of a team, or none for an unknown team', () => {
    expect(playersOfTeam(categories, 'Panathinaikos')).toEqual(['Kendrick Nunn']);
    expect(playersOfTeam(categories, 'Nobody')).toEqual([]);
  });

  it('never matches an empty player name', () => {
    expect(titleNamesPlayer('anything', ['', ' - '])).toBe(false);
  });
});
