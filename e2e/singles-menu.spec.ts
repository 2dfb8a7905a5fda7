import { playerCards } from '../src/domain/catalog/player-cards.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, type Page, test } from './fixtures/test.ts';

async function openSingles(page: Page) {
  const hamburger = page.getByRole('button', { name: 'Μενού' });
  if (await hamburger.isVisible()) await hamburger.click();
  await page.getByRole('button', { name: /SINGLES/ }).click();
  return page.locator('#singles-panel');
}

test('the SINGLES drill-down goes sport, division, team, player, with BACK and collapse @phone', async ({
  page,
}) => {
  await page.goto('/about-us');
  const menu = await openSingles(page);
  await expect(menu.getByRole('link', { name: 'ALL' })).toHaveAttribute('href', '/singles');

  await menu.getByRole('button', { name: 'NBA', exact: true }).click();
  const divisions = ['Atlantic', 'Southeast', 'Central', 'Southwest', 'Pacific', 'Northwest'];
  for (const division of divisions)
    await expect(menu.getByRole('button', { name: division, exact: true })).toBeVisible();

  await menu.getByRole('button', { name: 'Central', exact: true }).click();
  await menu.getByRole('button', { name: 'Milwaukee Bucks', exact: true }).click();
  const player = menu.getByRole('link', { name: 'Giannis Antetokounmpo' });
  await expect(player).toHaveAttribute('href', '/player/Giannis%20Antetokounmpo/Milwaukee%20Bucks');

  // BACK closes the level it sits in; clicking the active entry again collapses it.
  await menu
    .getByRole('button', { name: 'Milwaukee Bucks', exact: true })
    .locator('xpath=..')
    .getByRole('button', { name: /BACK/ })
    .click();
  await expect(player).toBeHidden();
  await expect(menu.getByRole('button', { name: 'Milwaukee Bucks', exact: true })).toBeVisible();
  await menu.getByRole('button', { name: 'Central', exact: true }).click();
  await expect(menu.getByRole('button', { name: 'Milwaukee Bucks', exact: true })).toBeHidden();

  await menu.getByRole('button', { name: 'Central', exact: true }).click();
  await menu.getByRole('button', { name: 'Milwaukee Bucks', exact: true }).click();
  await player.click();
  await expect(page).toHaveURL(/\/player\/Giannis%20Antetokounmpo\/Milwaukee%20Bucks$/);
  // A new page starts with every menu closed.
  await expect(page.locator('#singles-panel')).toBeHidden();
});

test('NFL drills through conference and division; SOCCER shows league tiles', async ({ page }) => {
  await page.goto('/');
  const menu = await openSingles(page);
  await menu.getByRole('button', { name: 'NFL', exact: true }).click();
  await menu.getByRole('button', { name: 'AFC', exact: true }).click();
  await menu.getByRole('button', { name: 'West', exact: true }).click();
  await menu.getByRole('button', { name: 'Kansas City Chiefs', exact: true }).click();
  await expect(menu.getByRole('link', { name: 'Patrick Mahomes' })).toHaveAttribute(
    'href',
    '/player/Patrick%20Mahomes/Kansas%20City%20Chiefs',
  );
  await menu.getByRole('button', { name: 'NFL', exact: true }).click();
  await menu.getByRole('button', { name: 'SOCCER', exact: true }).click();
  for (const league of ['Premier League', 'La Liga', 'Serie A', 'Bundesliga', 'Ligue 1']) {
    const tile = menu.getByRole('button', { name: league, exact: true });
    await expect(tile).toBeVisible();
    await expect(tile.locator('img')).toHaveAttribute('src', /\/images\/leagues\//);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('players without cards are left out; a team with none links to its listing', async ({ page }) => {
  const shop = openShop();
  const [categories, products] = await Promise.all([
    shop.documents.listCategories(),
    shop.commerce.listProductSummaries(),
  ]).finally(() => shop.close());
  const euroleague = categories.find((category) => category.id === 'euroleague');
  const hasCards = (player: string, team: string) => playerCards(products, player, team).length > 0;
  const mixed = euroleague?.teams.find(
    (team) =>
      team.players.some((player) => hasCards(player.name, team.name)) &&
      team.players.some((player) => !hasCards(player.name, team.name)),
  );
  const empty = euroleague?.teams.find((team) =>
    team.players.every((player) => !hasCards(player.name, team.name)),
  );
  if (!mixed || !empty) throw new Error('the demo catalogue has no Euroleague team to check this with');

  await page.goto('/about-us');
  const menu = await openSingles(page);
  await menu.getByRole('button', { name: 'EUROLEAGUE', exact: true }).click();
  await expect(menu.getByRole('link', { name: empty.name, exact: true })).toHaveAttribute(
    'href',
    `/singles?${new URLSearchParams({ category: 'EUROLEAGUE', team: empty.name })}`,
  );
  await menu.getByRole('button', { name: mixed.name, exact: true }).click();
  for (const player of mixed.players) {
    const link = menu.getByRole('link', { name: player.name, exact: true });
    await expect(link).toHaveCount(hasCards(player.name, mixed.name) ? 1 : 0);
  }
});
