import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../../../src/domain/catalog/category.ts';
import { DELETE, POST } from '../../../../src/pages/api/admin/players.ts';
import { openTempShop, type TempShop } from '../../../helpers/temp-shop.ts';

const EUROLEAGUE: Category = {
  id: 'euroleague',
  name: 'Euroleague',
  teams: [{ name: 'Olympiacos', image: '', players: [{ name: 'Sasha Vezenkov', image: '' }] }],
};

let shop: TempShop;

beforeEach(async () => {
  shop = openTempShop();
  await shop.container.documents.putCategory(EUROLEAGUE);
});

afterEach(() => {
  shop.remove();
});

async function call(route: typeof POST, method: string, body: unknown) {
  const request = new Request('http://shop.test/api/admin/players', {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const response = await route({ request, locals: { container: shop.container } } as unknown as APIContext);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const errorOf = (answer: { body: Record<string, unknown> }) =>
  (answer.body.error as { message: string }).message;

describe('/api/admin/players', () => {
  it('adds a player to the team the server finds, answering 201 with the category and message', async () => {
    const answer = await call(POST, 'POST', { teamName: 'Olympiacos', playerName: ' Kostas Sloukas ' });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Ο παίκτης Kostas Sloukas προστέθηκε στην ομάδα Olympiacos.');
    expect((answer.body.category as Category).teams[0]?.players.map((player) => player.name)).toEqual([
      'Sasha Vezenkov',
      'Kostas Sloukas',
    ]);
  });

  it('says when no category holds the team', async () => {
    const answer = await call(POST, 'POST', { teamName: 'Panathinaikos', playerName: 'X' });
    expect(answer.status).toBe(404);
    expect(errorOf(answer)).toBe('Δεν βρέθηκε κατηγορία για την επιλεγμένη ομάδα.');
  });

  it('requires name and team with the spec message', async () => {
    for (const body of [
      { teamName: 'Olympiacos' },
      { playerName: 'X' },
      {},
      { teamName: ' ', playerName: ' ' },
    ]) {
      const answer = await call(POST, 'POST', body);
      expect(answer.status).toBe(400);
      expect(errorOf(answer)).toBe('Παρακαλώ εισαγάγετε όνομα παίκτη και επιλέξτε ομάδα.');
    }
  });

  it('refuses a duplicate with 409', async () => {
    const answer = await call(POST, 'POST', { teamName: 'Olympiacos', playerName: 'SASHA VEZENKOV' });
    expect(answer.status).toBe(409);
    expect(errorOf(answer)).toBe('Ο παίκτης Sasha Vezenkov υπάρχει ήδη στην ομάδα Olympiacos.');
  });

  it('deletes a player', async () => {
    const answer = await call(DELETE, 'DELETE', {
      categoryId: 'euroleague',
      teamName: 'Olympiacos',
      playerName: 'Sasha Vezenkov',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Ο παίκτης Sasha Vezenkov διαγράφηκε από την ομάδα Olympiacos.');
    expect((await shop.container.documents.listCategories())[0]?.teams[0]?.players).toEqual([]);
  });

  it('answers missing documents on delete with the spec messages', async () => {
    const noCategory = await call(DELETE, 'DELETE', {
      categoryId: 'nba-central',
      teamName: 'Olympiacos',
      playerName: 'Sasha Vezenkov',
    });
    expect([noCategory.status, errorOf(noCategory)]).toEqual([404, 'Η κατηγορία δεν βρέθηκε.']);
    const noTeam = await call(DELETE, 'DELETE', {
      categoryId: 'euroleague',
      teamName: 'Real Madrid',
      playerName: 'Sasha Vezenkov',
    });
    expect([noTeam.status, errorOf(noTeam)]).toEqual([404, 'Η ομάδα δεν βρέθηκε.']);
    const missing = await call(DELETE, 'DELETE', { teamName: 'Olympiacos', playerName: 'Sasha Vezenkov' });
    expect(missing.status).toBe(400);
  });
});
