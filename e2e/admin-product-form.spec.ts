import sharp from 'sharp';
import type { Category } from '../src/domain/catalog/category.ts';
import type { AdminProduct } from '../src/stores/admin-api.ts';
import { imageOrigins, signInBody } from './fixtures/backends.ts';
import { openShop, waitForStorefront } from './fixtures/shop.ts';
import { expect, type Locator, type Page, test } from './fixtures/test.ts';
import { openProductForm, saveProduct } from './support/dashboard.ts';

/**
 * The dashboard's product form (spec 2b, 4, 5): validation messages, two images (picked and
 * dropped), compressed in the browser and uploaded, reordered by keyboard, mouse or touch, saved,
 * listed, and edited with the spec's prefill.
 */

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** A solid-colour picture wider than 800 px, so the browser's compression has to shrink it. */
async function picture(name: string, background: string): Promise<Upload> {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function signIn(page: Page) {
  const response = await page.request.post('/api/session', { data: await signInBody() });
  expect(response.status()).toBe(200);
}

/**
 * Collects uncaught page errors, console errors and requests to any other origin (such as a script
 * CDN); product images may come from the backend's own image CDN (Shopify's).
 */
function watchErrors(page: Page, baseURL: string | undefined): string[] {
  const errors: string[] = [];
  const origin = new URL(baseURL ?? 'http://localhost').origin;
  const allowed = new Set([origin, ...imageOrigins()]);
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Other specs share this data folder and make products with broken images on purpose (the
    // storefront's fallback test); the browser logs their 404s when the list shows them.
    const where = new URL(message.location().url, origin);
    if (
      message.text().startsWith('Failed to load resource') &&
      (where.pathname.startsWith('/media/') || imageOrigins().includes(where.origin))
    )
      return;
    errors.push(`${message.text()} ${where.href}`);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && !allowed.has(url.origin))
      errors.push(`request to ${request.url()}`);
  });
  return errors;
}

async function chooseTeam(form: Locator, search: string, team: string) {
  const combobox = form.getByRole('combobox', { name: 'Ομάδα' });
  await combobox.fill(search);
  await form.getByRole('option', { name: team, exact: true }).click();
  await expect(combobox).toHaveValue(team);
}

/** Drops files on the drop zone the way a browser does: dragenter, dragover, drop with a DataTransfer. */
async function dropFiles(page: Page, target: Locator, files: Upload[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      return transfer;
    },
    files.map((file) => ({
      name: file.name,
      mimeType: file.mimeType,
      base64: file.buffer.toString('base64'),
    })),
  );
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer });
}

/**
 * The names the pictures were uploaded under, in display order: from a new upload's alt text, or
 * from a saved image's address (the server keeps the original name in the generated one).
 */
async function shownOrder(form: Locator): Promise<string[]> {
  const images = await form
    .getByRole('list', { name: 'Επιλεγμένες εικόνες' })
    .getByRole('img')
    .evaluateAll((found) =>
      found.map((image) => `${image.getAttribute('alt') ?? ''} ${image.getAttribute('src') ?? ''}`),
    );
  return images.map(
    (text) =>
      /\((red|blue|green|gold)\.png\)|-(red|blue|green|gold)\.\w+$/.exec(text)?.slice(1).find(Boolean) ??
      text,
  );
}

async function findProduct(page: Page, title: string): Promise<AdminProduct> {
  const response = await page.request.get(
    `/api/admin/products?sport=EUROLEAGUE&search=${encodeURIComponent(title)}`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { products: AdminProduct[] };
  const found = body.products.find((product) => product.title === title);
  if (!found) throw new Error(`${title} is not in the admin list`);
  return found;
}

/** Rewrites one category document straight in the data folder; answers the document as it was. */
async function changeCategory(id: string, change: (category: Category) => Category): Promise<Category> {
  const shop = openShop();
  try {
    const category = (await shop.documents.listCategories()).find((candidate) => candidate.id === id);
    if (!category) throw new Error(`no category ${id}`);
    await shop.documents.putCategory(change(category));
    return category;
  } finally {
    shop.close();
  }
}

const imageNames = (product: AdminProduct) =>
  product.images.map((image) => /-(red|blue|green|gold)\.\w+$/.exec(image.url)?.[1] ?? image.url);

test('the form validates, adds a product with two images, reorders them and edits it @hosted @postgres', async ({
  page,
  baseURL,
}) => {
  // A long walk through the whole form (two uploads, two storefront rebuilds); npm test runs the
  // e2e suites of several backends at once on two cores, where it took 45-60 s.
  test.slow();
  const errors = watchErrors(page, baseURL);
  // The compression worker loads its script from this shop, never from the library's default CDN.
  const workerScript = page.waitForResponse((response) =>
    /browser-image-compression.*\.js/.test(response.url()),
  );
  await signIn(page);
  const form = await openProductForm(page, 'EUROLEAGUE');
  const title = form.getByLabel('Τίτλος');
  const price = form.getByLabel('Τιμή (€)');
  const submit = form.getByRole('button', { name: 'Προσθήκη προϊόντος' });

  // Empty form: every required field says what is missing, and the focus goes to the first one.
  await submit.click();
  await expect(form.getByText('Το πεδίο title είναι υποχρεωτικό')).toBeVisible();
  await expect(form.getByText('Η τιμή είναι υποχρεωτική.')).toBeVisible();
  await expect(form.getByText('Παρακαλώ επιλέξτε μία ομάδα.')).toBeVisible();
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');

  // A price with a dot, and a title that names no player of the chosen team.
  await title.fill('Kendrick Nunn E2E Prizm');
  await price.fill('1.50');
  await chooseTeam(form, 'olymp', 'Olympiacos');
  await submit.click();
  await expect(
    form.getByText('Η τιμή πρέπει να χρησιμοποιεί κόμμα (π.χ. 1,50) και όχι άλλους χαρακτήρες.'),
  ).toBeVisible();
  await expect(
    form.getByText('Ο τίτλος πρέπει να περιέχει το όνομα ενός παίκτη από την επιλεγμένη ομάδα.'),
  ).toBeVisible();
  await expect(form.getByText('Παρακαλώ επιλέξτε μία ομάδα.')).toHaveCount(0);

  const productTitle = `Sasha Vezenkov E2E Prizm ${Date.now()}`;
  await title.fill(productTitle);
  await price.fill('3,50');
  await form.getByLabel('Απόθεμα').fill('2');
  await form.getByLabel('Προσθήκη περιγραφής').check();
  await form.getByLabel('Περιγραφή (επιτρέπεται HTML)').fill('<p>Near <strong>mint</strong></p>');

  // Images: a non-image and a picture over 5MB are refused; then one picked, one dropped.
  const picker = form.getByLabel('Επιλογή εικόνων');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(form.getByText('Παρακαλώ επιλέξτε εικόνες (JPG, PNG κλπ).')).toBeVisible();
  await picker.setInputFiles({
    name: 'big.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(form.getByText('Κάθε εικόνα δεν πρέπει να υπερβαίνει τα 5MB.')).toBeVisible();

  await picker.setInputFiles(await picture('red.png', '#d00'));
  const dropZone = form.getByRole('region', { name: 'Απόθεση εικόνων' });
  await dropFiles(page, dropZone, [await picture('blue.png', '#00d')]);
  await expect.poll(() => shownOrder(form), { timeout: 20_000 }).toEqual(['red', 'blue']);
  expect((await workerScript).status()).toBe(200);
  await expect(submit).toBeEnabled();

  // A third one is one too many.
  await dropFiles(page, dropZone, [await picture('green.png', '#0a0')]);
  await expect(form.getByText('Μπορείτε να ανεβάσετε έως 2 εικόνες.')).toBeVisible();

  // Keyboard reorder: pick up the first image, move it right, drop it.
  // Each step waits for dnd-kit's spoken announcement, as a screen reader user would hear it.
  const handle = form.getByRole('button', { name: 'Μετακίνηση εικόνας 1' });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Η εικόνα 1 πάει στη θέση 1.')).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Η εικόνα 1 πάει στη θέση 2.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect.poll(() => shownOrder(form)).toEqual(['blue', 'red']);

  await saveProduct(page, submit, 'Το προϊόν δημιουργήθηκε επιτυχώς!');
  // The form is empty again, still in add mode.
  await expect(title).toHaveValue('');
  await expect(form.getByRole('list', { name: 'Επιλεγμένες εικόνες' })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Ακύρωση' })).toHaveCount(0);

  // The list shows it, and the server has it as typed, the images compressed to 800 px.
  await expect(page.getByRole('button', { name: `Επεξεργασία: ${productTitle}` }).first()).toBeVisible();
  const saved = await findProduct(page, productTitle);
  expect(saved).toMatchObject({ team: 'Olympiacos', priceCents: 350, quantity: 2 });
  expect(saved.descriptionHtml).toContain('mint');
  expect(imageNames(saved)).toEqual(['blue', 'red']);
  for (const image of saved.images) {
    const meta = await sharp(await (await page.request.get(image.url)).body()).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(800);
  }

  // Edit: the form opens with the spec's prefill and the focus on the title.
  await page
    .getByRole('button', { name: `Επεξεργασία: ${productTitle}` })
    .first()
    .click();
  await expect(form.getByRole('button', { name: 'Επεξεργασία Προϊόντος' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(title).toBeFocused();
  await expect(title).toHaveValue(productTitle);
  await expect(price).toHaveValue('3,50');
  await expect(form.getByRole('combobox', { name: 'Ομάδα' })).toHaveValue('Olympiacos');
  await expect(form.getByLabel('Απόθεμα')).toHaveValue('2');
  await expect(form.getByLabel('Προσθήκη περιγραφής')).toBeChecked();
  await expect(form.getByLabel('Περιγραφή (επιτρέπεται HTML)')).toHaveValue(
    '<p>Near <strong>mint</strong></p>',
  );
  expect(await shownOrder(form)).toEqual(['blue', 'red']);

  // Cancel goes back to add mode with empty fields.
  await form.getByRole('button', { name: 'Ακύρωση' }).click();
  await expect(form.getByRole('button', { name: 'Προσθήκη Νέου Προϊόντος' })).toBeVisible();
  await expect(title).toHaveValue('');

  // Edit again: a new price, one image removed, the description unticked; then back to add mode.
  await page
    .getByRole('button', { name: `Επεξεργασία: ${productTitle}` })
    .first()
    .click();
  await expect(title).toBeFocused();
  await price.fill('4,00');
  await form.getByRole('button', { name: 'Αφαίρεση εικόνας 2' }).click();
  await form.getByLabel('Προσθήκη περιγραφής').uncheck();
  await expect(form.getByLabel('Περιγραφή (επιτρέπεται HTML)')).toHaveCount(0);
  await saveProduct(
    page,
    form.getByRole('button', { name: 'Αποθήκευση αλλαγών' }),
    'Το προϊόν ενημερώθηκε επιτυχώς!',
  );
  await expect(form.getByRole('button', { name: 'Προσθήκη Νέου Προϊόντος' })).toBeVisible();
  await expect(title).toHaveValue('');
  const updated = await findProduct(page, productTitle);
  expect(updated).toMatchObject({ priceCents: 400, descriptionHtml: '', quantity: 2 });
  expect(imageNames(updated)).toEqual(['blue']);

  // After the automatic rebuild the storefront shows it: in the pre-rendered player page of the
  // player named in its title, and on its own product page with the new price.
  await waitForStorefront();
  await page.goto('/player/Sasha%20Vezenkov/Olympiacos');
  await expect(page.getByTestId('player-cards').getByRole('link', { name: productTitle })).toBeVisible();
  await page.goto(`/product/${encodeURIComponent(updated.variantId)}`);
  await expect(page.getByRole('heading', { level: 1, name: productTitle })).toBeVisible();
  await expect(page.getByTestId('product-details')).toContainText('4,00');

  expect(errors).toEqual([]);
});

test('the team dropdown searches and picks with the keyboard; a refusal by the server shows inline', async ({
  page,
  baseURL,
}) => {
  const errors = watchErrors(page, baseURL);
  // A player who exists while the dashboard loads its categories and is gone when the form is sent:
  // the browser's check passes, the server's check (same rules, fresh data) refuses.
  const player = `Refusal Player ${Date.now()}`;
  const original = await changeCategory('euroleague', (category) => ({
    ...category,
    teams: category.teams.map((team) =>
      team.name === 'Panathinaikos'
        ? { ...team, players: [...team.players, { name: player, image: '/images/default-player.svg' }] }
        : team,
    ),
  }));
  try {
    await signIn(page);
    const form = await openProductForm(page, 'EUROLEAGUE');
    const combobox = form.getByRole('combobox', { name: 'Ομάδα' });
    await combobox.fill('panath');
    await expect(form.getByRole('listbox', { name: 'Ομάδα' }).getByRole('option')).toHaveText([
      'Panathinaikos',
    ]);
    await combobox.press('ArrowDown');
    await combobox.press('Enter');
    await expect(combobox).toHaveValue('Panathinaikos');
    await expect(form.getByRole('listbox')).toBeHidden();
    // Text that names no team does not become the value.
    await combobox.fill('nowhere');
    await expect(form.getByText('Καμία ομάδα δεν ταιριάζει στην αναζήτηση.')).toBeVisible();
    await form.getByLabel('Τίτλος').click();
    await expect(combobox).toHaveValue('Panathinaikos');

    await form.getByLabel('Τίτλος').fill(`${player} Rookie`);
    await form.getByLabel('Τιμή (€)').fill('1,00');
    await changeCategory('euroleague', () => original);
    await form.getByRole('button', { name: 'Προσθήκη προϊόντος' }).click();
    await expect(
      form.getByText('Ο τίτλος πρέπει να περιέχει το όνομα ενός παίκτη από την επιλεγμένη ομάδα.'),
    ).toBeVisible();
    await expect(form.getByLabel('Τίτλος')).toBeFocused();
    await expect(form.getByLabel('Τίτλος')).toHaveValue(`${player} Rookie`);
  } finally {
    await changeCategory('euroleague', () => original);
  }
  // The browser reports the refused request (400) on its console; nothing else may appear.
  expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
});

test('an upload that keeps failing is retried twice, then reported; a broken picture is reported', async ({
  page,
  baseURL,
}) => {
  const errors = watchErrors(page, baseURL);
  await signIn(page);
  const form = await openProductForm(page, 'EUROLEAGUE');
  const submit = form.getByRole('button', { name: 'Προσθήκη προϊόντος' });

  // Not a picture at all, though it claims to be one: the browser cannot compress it.
  const picker = form.getByLabel('Επιλογή εικόνων');
  await picker.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
  await expect(form.getByText(/^Σφάλμα συμπίεσης εικόνας: /)).toBeVisible();
  await expect(form.getByRole('list', { name: 'Επιλεγμένες εικόνες' })).toHaveCount(0);

  // The server is down: first try, then retries after 2 s and 4 s, with the submit button disabled.
  const attempts: number[] = [];
  await page.route('**/api/admin/media', (route) => {
    attempts.push(Date.now());
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"error":{"message":"down"}}',
    });
  });
  await picker.setInputFiles(await picture('red.png', '#d00'));
  await expect(form.getByRole('progressbar', { name: 'Ανέβασμα red.png' })).toBeVisible();
  await expect(submit).toBeDisabled();
  await expect(form.getByText('Αποτυχία ανεβάσματος εικόνας red.png μετά από 2 προσπάθειες')).toBeVisible({
    timeout: 15_000,
  });
  expect(attempts).toHaveLength(3);
  const [first = 0, second = 0, third = 0] = attempts;
  expect(second - first).toBeGreaterThanOrEqual(1_900);
  expect(third - second).toBeGreaterThanOrEqual(3_900);
  await expect(form.getByRole('list', { name: 'Επιλεγμένες εικόνες' })).toHaveCount(0);
  await expect(submit).toBeEnabled();

  // The refused responses show up on the console as failed loads; nothing else may.
  expect(errors.filter((error) => !error.includes('status of 503'))).toEqual([]);
});

/** Drags with a finger through Chromium's real touch input, so touch-action and pointer events apply. */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('drag handles are not on screen');
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  const [x0, y0] = [start.x + start.width / 2, start.y + start.height / 2];
  const [x1, y1] = [end.x + end.width / 2, end.y + end.height / 2];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0, y0) });
  for (let step = 1; step <= 12; step += 1) {
    const t = step / 12;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t),
    });
    await page.waitForTimeout(30);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function mouseDrag(page: Page, from: Locator, to: Locator) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error('drag handles are not on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

test('images reorder by dragging: touch on a phone, the mouse on a desktop @phone', async ({
  page,
  baseURL,
}, testInfo) => {
  const errors = watchErrors(page, baseURL);
  await signIn(page);
  // A product with two images, made through the same API the form uses.
  const mediaIds: string[] = [];
  for (const upload of [await picture('gold.png', '#fc0'), await picture('green.png', '#0a0')]) {
    // Astro's origin check wants an Origin header on multipart posts, as a browser sends.
    const response = await page.request.post('/api/admin/media', {
      multipart: { file: upload },
      headers: { origin: baseURL ?? '' },
    });
    expect(response.status()).toBe(201);
    mediaIds.push(((await response.json()) as { media: { id: string } }).media.id);
  }
  const productTitle = `Evan Fournier E2E Drag ${Date.now()}`;
  const created = await page.request.post('/api/admin/products', {
    data: {
      title: productTitle,
      price: '2,00',
      team: 'Olympiacos',
      quantity: '1',
      descriptionEnabled: false,
      descriptionHtml: '',
      mediaIds,
    },
  });
  expect(created.status()).toBe(201);

  const form = await openProductForm(page, 'EUROLEAGUE');
  await page
    .getByRole('button', { name: `Επεξεργασία: ${productTitle}` })
    .first()
    .click();
  await expect(form.getByLabel('Τίτλος')).toBeFocused();
  expect(await shownOrder(form)).toEqual(['gold', 'green']);

  const first = form.getByRole('button', { name: 'Μετακίνηση εικόνας 1' });
  const second = form.getByRole('button', { name: 'Μετακίνηση εικόνας 2' });
  await first.scrollIntoViewIfNeeded();
  if (testInfo.project.use.hasTouch) await touchDrag(page, first, second);
  else await mouseDrag(page, first, second);
  await expect.poll(() => shownOrder(form)).toEqual(['green', 'gold']);

  await saveProduct(
    page,
    form.getByRole('button', { name: 'Αποθήκευση αλλαγών' }),
    'Το προϊόν ενημερώθηκε επιτυχώς!',
  );
  expect(imageNames(await findProduct(page, productTitle))).toEqual(['green', 'gold']);

  expect(errors).toEqual([]);
});
