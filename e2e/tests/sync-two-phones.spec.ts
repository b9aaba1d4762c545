// Two phones of one shop, through the UI only: the first connection migrates local data, both sell the last
// units offline, and after reconnecting both show the same negative stock and both sales.
//
// Needs the "Connecter au cloud" screen (apps/web/src/features/account/AccountScreen.tsx) reachable at
// #/account — the shell wires it (page id 'account').
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addBySearch, cartLine, fill, openApp, servedOffline, words } from '../support/sale';

// The account screen's French texts, read from its catalogue (nothing imports from apps/).
const account = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../apps/web/src/features/account/locales/fr.json', import.meta.url)),
    'utf8',
  ),
) as {
  tabs: Record<'signUp' | 'logIn' | 'pair', string>;
  fields: Record<string, string>;
  actions: Record<string, string>;
  status: Record<string, string>;
};

const MILK = 'Lait Centrale 1L'; // sample product seeded with 4 units on every new phone

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openApp(page, 'fr', '#/account');
  return page;
}

async function waitSynced(page: Page) {
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: account.status.synced }),
  ).toBeVisible({
    timeout: 30_000,
  });
}

async function sellAll(page: Page, quantity: number) {
  await page.goto('/#/sale');
  await addBySearch(page, 'fr', 'Lait', MILK);
  const line = cartLine(page, 'fr', MILK);
  for (let i = 1; i < quantity; i++) {
    await line.getByRole('button', { name: fill(words.fr.sale.increase, { name: MILK }) }).click();
  }
  await page.getByRole('button', { name: words.fr.sale.toTicket }).click();
  await expect(page).toHaveURL(/#\/receipt/);
}

async function milkStock(page: Page): Promise<string> {
  await page.goto('/#/inventory');
  const card = page.getByRole('listitem').filter({ hasText: MILK }).first();
  return (await card.textContent()) ?? '';
}

test('a first connection migrates the local data; two phones selling the last units offline agree after sync', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await phone(browser);
  // Sign up: the owner's phone already has its sample shop; the first sync pushes it all.
  await owner.getByRole('tab', { name: account.tabs.signUp }).click();
  await owner.getByLabel(account.fields.shopName!).fill('Hanout E2E');
  await owner.getByLabel(account.fields.login!).fill(`e2e-${Date.now()}@test.ma`);
  await owner.getByLabel(account.fields.password!, { exact: true }).fill('mot-de-passe-e2e');
  await owner.getByRole('button', { name: account.actions.signUp }).click();
  await waitSynced(owner);

  // A staff phone joins with the code shown on the owner's phone; its own sample data is merged by the cleanup.
  await owner.getByRole('button', { name: account.actions.addPhone }).click();
  const code = (await owner.getByTestId('pairing-code').textContent())?.replace(/\D/g, '') ?? '';
  expect(code).toMatch(/^\d{9}$/);
  const staff = await phone(browser);
  await staff.getByRole('tab', { name: account.tabs.pair }).click();
  await staff.getByLabel(account.fields.code!).fill(code);
  await staff.getByRole('button', { name: account.actions.pair }).click();
  await waitSynced(staff);
  await owner.goto('/#/account');
  await owner.getByRole('button', { name: account.actions.syncNow }).click();
  await waitSynced(owner);
  // One milk product on both phones after the post-migration cleanup (the two sample copies merged: 8 units).
  expect(await milkStock(owner)).toContain('8');
  expect(await milkStock(staff)).toContain('8');

  // Both go offline and sell the last 8 units each (the sale screen's code, never loaded on these phones yet,
  // comes from the service worker's precache).
  await servedOffline(owner);
  await servedOffline(staff);
  await owner.context().setOffline(true);
  await staff.context().setOffline(true);
  await sellAll(owner, 8);
  await sellAll(staff, 8);

  await owner.context().setOffline(false);
  await staff.context().setOffline(false);
  for (const page of [owner, staff]) {
    await page.goto('/#/account');
    await page.getByRole('button', { name: account.actions.syncNow }).click();
    await waitSynced(page);
  }
  // The later phone's change reached the first through the event stream or the next sync.
  await owner.getByRole('button', { name: account.actions.syncNow }).click();
  await waitSynced(owner);

  // Same stock everywhere: negative (−8), shown as out of stock; both sales on both phones.
  for (const page of [owner, staff]) {
    expect(await milkStock(page)).toMatch(/-\s?8|−\s?8/);
    await page.goto('/#/dashboard');
    // The revenue card's count (the Caisse du jour card counts the cash sales too).
    await expect(page.getByTestId('revenue-today').getByText(/2 ventes?/)).toBeVisible();
  }
});
