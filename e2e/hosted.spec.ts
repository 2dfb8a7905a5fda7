import { ADMIN, backendEnv, HOSTED } from './fixtures/backends.ts';
import { openShop } from './fixtures/shop.ts';
import { expect, test } from './fixtures/test.ts';

// Only in the hosted run (documents, auth and mail on the emulators and the EmailJS recorder).
test.skip(!HOSTED, 'runs with E2E_BACKENDS=hosted');

test('no page, script or API answer carries a server key; the login page gets only the public Firebase config @hosted', async ({
  page,
  request,
}) => {
  const env = backendEnv();
  const secrets = [env.EMAILJS_PRIVATE_KEY, env.EMAILJS_PUBLIC_KEY, env.EMAILJS_SERVICE_ID].filter(
    Boolean,
  ) as string[];
  const origin = new URL(String(test.info().project.use.baseURL)).origin;
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).origin !== origin) return;
    bodies.push(await response.text().catch(() => ''));
  });
  await page.goto('/admin-login');
  await page.goto('/contact-us');
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const session = (await (await request.get('/api/session')).json()) as { firebase: Record<string, string> };
  expect(Object.keys(session.firebase).sort()).toEqual(['apiKey', 'authDomain', 'emulatorUrl', 'projectId']);
  bodies.push(JSON.stringify(session));
  expect(bodies.length).toBeGreaterThan(3);
  for (const body of bodies) for (const secret of secrets) expect(body).not.toContain(secret);
});

test('the admin signs in with Firebase on the login page, adds a player that lands in Firestore, and signs out @hosted', async ({
  page,
}) => {
  await page.goto('/admin-login');
  const submit = page.getByRole('button', { name: 'Σύνδεση', exact: true });
  await expect(submit).toBeEnabled();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Κωδικός πρόσβασης').fill(ADMIN.password);
  await submit.click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByText(`Συνδεδεμένος ως ${ADMIN.email}`)).toBeVisible();

  const name = `Hosted Player ${Date.now()}`;
  const added = await page.request.post('/api/admin/players', {
    headers: { origin: new URL(page.url()).origin },
    data: { playerName: name, teamName: 'Boston Celtics' },
  });
  expect(added.status()).toBe(201);
  const shop = openShop();
  try {
    const celtics = (await shop.documents.listCategories())
      .flatMap((category) => category.teams)
      .find((team) => team.name === 'Boston Celtics');
    expect(celtics?.players.map((player) => player.name)).toContain(name);
  } finally {
    shop.close();
  }

  await page.getByRole('button', { name: 'Αποσύνδεση' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);
  expect((await page.request.get('/api/admin/storefront')).status()).toBe(401);
});
