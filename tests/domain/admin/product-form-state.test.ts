import { describe, expect, it, vi } from 'vitest';
import {
  type EditableProduct,
  EMPTY_FIELDS,
  exactTeam,
  fieldsFromProduct,
  filterTeamOptions,
  formErrorsFromServer,
  type ImageItem,
  isUploading,
  itemsFromImages,
  moveItem,
  pickedFilesProblem,
  prefillImages,
  readyMediaIds,
  removeItem,
  retryDelayMs,
  teamOptions,
  UPLOAD_RETRIES,
  uploadFailedMessage,
  withRetries,
} from '../../../src/domain/admin/product-form-state.ts';
import { EMPTY_FACT_FIELDS, EMPTY_FACTS } from '../../../src/domain/card-facts/facts.ts';
import type { Category } from '../../../src/domain/catalog/category.ts';
import type { AdminProduct as ServerAdminProduct } from '../../../src/server/catalog/admin-products.ts';
import type { AdminProduct as DashboardAdminProduct } from '../../../src/stores/admin-api.ts';

// Type-level: whatever the server sends to the dashboard, the form can prefill from.
const _serverToForm = (product: ServerAdminProduct): EditableProduct => product;
const _dashboardToForm = (product: DashboardAdminProduct): EditableProduct => product;
void _serverToForm;
void _dashboardToForm;

const product: EditableProduct = {
  title: 'Sasha Vezenkov Prizm',
  team: 'Olympiacos',
  tags: ['Olympiacos', 'offer'],
  priceCents: 150,
  quantity: 4,
  descriptionHtml: '<p>Near mint</p>',
  images: [
    { id: 'm1', url: '/media/1.jpg' },
    { id: 'm1', url: '/media/1.jpg' },
    { id: 'm2', url: '' },
    { id: 'm3', url: '/media/3.jpg' },
    { id: 'm4', url: '/media/4.jpg' },
  ],
};

describe('edit mode prefill', () => {
  it('takes the first two unique images that have a URL', () => {
    expect(prefillImages(product.images)).toEqual([
      { id: 'm1', url: '/media/1.jpg' },
      { id: 'm3', url: '/media/3.jpg' },
    ]);
    expect(
      prefillImages([
        { id: 'a', url: '/x.jpg' },
        { id: 'b', url: '/x.jpg' },
      ]),
    ).toEqual([{ id: 'a', url: '/x.jpg' }]);
    expect(prefillImages([])).toEqual([]);
  });

  it('shows the price with a comma, the team from the first tag and the description toggle on', () => {
    expect(fieldsFromProduct(product)).toEqual({
      kind: 'card',
      title: 'Sasha Vezenkov Prizm',
      price: '1,50',
      // Tagged 'offer': the switch is on.
      offer: true,
      compareAt: '',
      team: 'Olympiacos',
      quantity: '4',
      descriptionEnabled: true,
      descriptionHtml: '<p>Near mint</p>',
      facts: EMPTY_FACT_FIELDS,
    });
    expect(fieldsFromProduct({ ...product, priceCents: 1200 }).price).toBe('12,00');
  });

  it('shows the card facts as typed text: the serial as 23/99, the grade as a number', () => {
    const facts = {
      ...EMPTY_FACTS,
      year: '2018-19',
      serialNumber: 23,
      printRun: 99,
      grader: 'BGS' as const,
      grade: 9.5,
    };
    expect(fieldsFromProduct({ ...product, facts }).facts).toEqual({
      ...EMPTY_FACT_FIELDS,
      year: '2018-19',
      serial: '23/99',
      grader: 'BGS',
      grade: '9.5',
    });
  });

  it('reads the kind from the type or title, and an offer from its tag and old price (decision 089)', () => {
    expect(fieldsFromProduct({ ...product, title: 'Any LOT', productType: 'LOT' }).kind).toBe('lot');
    expect(fieldsFromProduct({ ...product, productType: 'Mystery Pack' }).kind).toBe('mystery-pack');
    expect(
      fieldsFromProduct({ ...product, tags: ['offer', 'Olympiacos'], compareAtCents: 250 }),
    ).toMatchObject({ team: 'Olympiacos', offer: true, compareAt: '2,50' });
  });

  it('prefers the first tag over the team field, and falls back to it', () => {
    expect(fieldsFromProduct({ ...product, tags: ['Panathinaikos'], team: 'x' }).team).toBe('Panathinaikos');
    expect(fieldsFromProduct({ ...product, tags: [] }).team).toBe('Olympiacos');
  });

  it('leaves the toggle off without a description, the price empty without one, stock 0 when unknown', () => {
    const fields = fieldsFromProduct({ ...product, descriptionHtml: '  ', priceCents: null, quantity: null });
    expect(fields).toMatchObject({
      descriptionEnabled: false,
      descriptionHtml: '',
      price: '',
      quantity: '0',
    });
  });

  it('starts add mode empty, with stock 0', () => {
    expect(EMPTY_FIELDS).toEqual({
      kind: 'card',
      title: '',
      price: '',
      offer: false,
      compareAt: '',
      team: '',
      quantity: '0',
      descriptionEnabled: false,
      descriptionHtml: '',
      facts: EMPTY_FACT_FIELDS,
    });
  });
});

const category = (id: string, teams: string[]): Category => ({
  id,
  name: id,
  teams: teams.map((name) => ({ name, image: '', players: [] })),
});

describe('team options', () => {
  const categories = [
    category('euroleague', ['Olympiacos', 'Panathinaikos']),
    category('nba-atlantic', ['Boston Celtics']),
    category('nba-pacific', ['Los Angeles Lakers', 'Boston Celtics']),
    category('not-a-known-id', ['Stray FC']),
  ];

  it('lists the teams of the chosen sport only, each once, with its group', () => {
    expect(teamOptions(categories, 'NBA')).toEqual([
      { name: 'Boston Celtics', group: 'Atlantic' },
      { name: 'Los Angeles Lakers', group: 'Pacific' },
    ]);
    expect(teamOptions(categories, 'EUROLEAGUE').map((option) => option.name)).toEqual([
      'Olympiacos',
      'Panathinaikos',
    ]);
    expect(teamOptions(categories, 'SOCCER')).toEqual([]);
  });

  it('filters by name or group, ignoring case and accents', () => {
    const options = teamOptions(categories, 'NBA');
    expect(filterTeamOptions(options, 'lak').map((option) => option.name)).toEqual(['Los Angeles Lakers']);
    expect(filterTeamOptions(options, 'PACIFIC').map((option) => option.name)).toEqual([
      'Los Angeles Lakers',
    ]);
    expect(filterTeamOptions(options, '  ')).toEqual(options);
    expect(filterTeamOptions(options, 'zzz')).toEqual([]);
    const greek = [{ name: 'Ολυμπιακός', group: 'Euroleague' }];
    expect(filterTeamOptions(greek, 'ολυμπιακοσ')).toEqual(greek);
  });

  it('matches names only when the sport has a single group', () => {
    const euroleague = teamOptions(categories, 'EUROLEAGUE');
    expect(filterTeamOptions(euroleague, 'ol').map((option) => option.name)).toEqual(['Olympiacos']);
    expect(filterTeamOptions(euroleague, 'euroleague')).toEqual([]);
  });

  it('finds the team a typed name matches exactly', () => {
    const options = teamOptions(categories, 'EUROLEAGUE');
    expect(exactTeam(options, ' olympiacos ')?.name).toBe('Olympiacos');
    expect(exactTeam(options, 'olymp')).toBeUndefined();
    expect(exactTeam(options, '')).toBeUndefined();
  });
});

const item = (key: string, status: ImageItem['status'] = 'ready'): ImageItem => ({
  key,
  name: `${key}.jpg`,
  url: `/media/${key}.jpg`,
  mediaId: status === 'ready' ? `gid://shop/MediaImage/${key}` : null,
  status,
  progress: status === 'ready' ? 1 : 0.5,
});

describe('image items', () => {
  it('turns prefilled images into ready items keyed by media id', () => {
    expect(itemsFromImages([{ id: 'm1', url: '/media/1.jpg' }])).toEqual([
      { key: 'm1', name: 'Εικόνα 1', url: '/media/1.jpg', mediaId: 'm1', status: 'ready', progress: 1 },
    ]);
  });

  it('sends only uploaded images, in display order, and knows when uploads are running', () => {
    const items = [item('b'), item('a', 'uploading'), item('c')];
    expect(readyMediaIds(items)).toEqual(['gid://shop/MediaImage/b', 'gid://shop/MediaImage/c']);
    expect(isUploading(items)).toBe(true);
    expect(isUploading([item('x'), item('y')])).toBe(false);
    expect(isUploading([item('x', 'compressing')])).toBe(true);
  });

  it('moves an item to where another one is', () => {
    const items = [item('a'), item('b'), item('c')];
    expect(moveItem(items, 'a', 'c')?.map((entry) => entry.key)).toEqual(['b', 'c', 'a']);
    expect(moveItem(items, 'c', 'a')?.map((entry) => entry.key)).toEqual(['c', 'a', 'b']);
    expect(moveItem(items, 'b', 'b')?.map((entry) => entry.key)).toEqual(['a', 'b', 'c']);
    expect(items.map((entry) => entry.key)).toEqual(['a', 'b', 'c']);
  });

  it('gives null for a move or removal of an unknown item', () => {
    const items = [item('a'), item('b')];
    expect(moveItem(items, 'a', 'zz')).toBeNull();
    expect(moveItem(items, 'zz', 'a')).toBeNull();
    expect(removeItem(items, 'zz')).toBeNull();
    expect(removeItem(items, 'a')?.map((entry) => entry.key)).toEqual(['b']);
  });
});

describe('picked files', () => {
  const jpeg = (size = 1000) => ({ name: 'a.jpg', type: 'image/jpeg', size });

  it('accepts up to two images in total', () => {
    expect(pickedFilesProblem([jpeg(), jpeg()], 0)).toBeNull();
    expect(pickedFilesProblem([jpeg()], 1)).toBeNull();
    expect(pickedFilesProblem([], 2)).toBeNull();
    expect(pickedFilesProblem([jpeg(), jpeg(), jpeg()], 0)).toBe('Μπορείτε να ανεβάσετε έως 2 εικόνες.');
    expect(pickedFilesProblem([jpeg()], 2)).toBe('Μπορείτε να ανεβάσετε έως 2 εικόνες.');
  });

  it('accepts image types only', () => {
    expect(pickedFilesProblem([{ name: 'a.pdf', type: 'application/pdf', size: 10 }], 0)).toBe(
      'Παρακαλώ επιλέξτε εικόνες (JPG, PNG κλπ).',
    );
    expect(pickedFilesProblem([{ name: 'a.jpg', type: '', size: 10 }], 0)).toBe(
      'Παρακαλώ επιλέξτε εικόνες (JPG, PNG κλπ).',
    );
  });

  it('accepts at most 5 MB per image', () => {
    expect(pickedFilesProblem([jpeg(5 * 1024 * 1024)], 0)).toBeNull();
    expect(pickedFilesProblem([jpeg(5 * 1024 * 1024 + 1)], 0)).toBe(
      'Κάθε εικόνα δεν πρέπει να υπερβαίνει τα 5MB.',
    );
  });
});

describe('upload retries', () => {
  const noSleep = () => Promise.resolve();

  it('waits 2000 ms times the retry number', () => {
    expect(UPLOAD_RETRIES).toBe(2);
    expect([retryDelayMs(1), retryDelayMs(2)]).toEqual([2000, 4000]);
    expect(uploadFailedMessage('card.jpg')).toBe(
      'Αποτυχία ανεβάσματος εικόνας card.jpg μετά από 2 προσπάθειες',
    );
  });

  it('retries twice with the spec delays, then fails with the given error', async () => {
    const sleep = vi.fn(noSleep);
    const attempt = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(
      withRetries(attempt, { retries: 2, shouldRetry: () => true, sleep }, () => new Error('gave up')),
    ).rejects.toThrow('gave up');
    expect(attempt.mock.calls.map((call) => call)).toEqual([[1], [2], [3]]);
    expect(sleep.mock.calls).toEqual([[2000], [4000]]);
  });

  it('answers as soon as an attempt succeeds', async () => {
    const sleep = vi.fn(noSleep);
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls += 1;
        if (calls < 2) throw new Error('flaky');
        return 'stored';
      },
      { retries: 2, shouldRetry: () => true, sleep },
      () => new Error('gave up'),
    );
    expect([result, calls]).toEqual(['stored', 2]);
    expect(sleep.mock.calls).toEqual([[2000]]);
  });

  it('does not retry a refusal', async () => {
    const sleep = vi.fn(noSleep);
    const refusal = new Error('not an image');
    const attempt = vi.fn(() => Promise.reject(refusal));
    await expect(
      withRetries(attempt, { retries: 2, shouldRetry: () => false, sleep }, () => new Error('gave up')),
    ).rejects.toBe(refusal);
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });
});

describe('server field errors', () => {
  it('maps the server keys to the form fields and drops unknown ones', () => {
    expect(
      formErrorsFromServer({
        title: 'T',
        price: 'P',
        'mediaIds.3': 'too many',
        images: 'ignored: mediaIds came first',
        _: 'whole body',
      }),
    ).toEqual({ title: 'T', price: 'P', images: 'too many' });
    expect(formErrorsFromServer({})).toEqual({});
  });
});
