// Dashboard amounts at 360×740 from 0 to 9.999.999,99 MAD: each figure stays whole on one line inside its card.
import { expect, test, type Page } from '@playwright/test';
import {
  LANGS,
  backupText,
  importBackup,
  money,
  openApp,
  plain,
  productRecord,
  saleRecord,
  shoot,
  uuid,
  type FileProduct,
} from '../support/customers';

// Casablanca is UTC+1 on 20 May 2025; the week counts today and the 6 days before, the month from the 1st.
const NOW = new Date('2025-05-20T12:00:00+01:00');
const TODAY_AT = '2025-05-20T10:00:00+01:00';
const WEEK_AT = '2025-05-17T10:00:00+01:00';
const MONTH_AT = '2025-05-05T10:00:00+01:00';

/** Amounts in centimes for the three cards: today ≤ week ≤ month. */
type Case = { name: string; today: number; week: number; month: number };
const CASES: Case[] = [
  { name: 'zero', today: 0, week: 0, month: 0 },
  { name: 'small', today: 1250, week: 4_248_736, month: 119_275_531 },
  { name: 'large', today: 4_248_736, week: 119_275_531, month: 999_999_999 },
  { name: 'largest', today: 999_999_999, week: 999_999_999, month: 999_999_999 },
];

/** One product priced at the amount and one sale of it on the day, for each step between the cards. */
function salesOf(c: Case) {
  const steps = [
    { at: TODAY_AT, centimes: c.today },
    { at: WEEK_AT, centimes: c.week - c.today },
    { at: MONTH_AT, centimes: c.month - c.week },
  ].filter((step) => step.centimes > 0);
  const products: FileProduct[] = steps.map((step, index) => ({
    id: uuid(index + 1),
    name: `Article ${index + 1}`,
    brand: 'Test',
    category: 'Épicerie',
    salePrice: step.centimes / 100,
    stock: 100,
  }));
  const sales = steps.map((step, index) =>
    saleRecord(uuid(100 + index), `T-${index + 1}`, step.at, [{ product: products[index]!, quantity: 1 }]),
  );
  return { products, sales };
}

type Layout = {
  text: string;
  /** Distinct tops of the line boxes of the figure's text (one line: one top). */
  figureLines: number;
  /** The figure's box and its card's box, in CSS px. */
  figure: { left: number; right: number };
  card: { left: number; right: number };
  /** True when the currency starts a line after the figure's (wrapped before the currency). */
  currencyWrapped: boolean;
};

/** Measures how a card's amount is laid out, with Range.getClientRects() over the figure's digits. */
async function layoutOf(page: Page, testId: string): Promise<Layout> {
  return page.getByTestId(testId).evaluate((group) => {
    const figure = group.querySelector('[data-money-figure]');
    const currency = group.querySelector('[data-money-currency]');
    const card = group.firstElementChild;
    if (!figure?.firstChild || !currency || !card) throw new Error('no amount in the card');
    const range = document.createRange();
    range.selectNodeContents(figure);
    // One rect per line fragment of the text (and per glyph run): their tops tell the lines apart.
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    const figureBox = figure.getBoundingClientRect();
    const cardBox = card.getBoundingClientRect();
    const currencyBox = currency.getBoundingClientRect();
    return {
      text: group.querySelector('p.font-bold')?.textContent ?? '',
      figureLines: tops.size,
      figure: { left: figureBox.left, right: figureBox.right },
      card: { left: cardBox.left, right: cardBox.right },
      currencyWrapped: currencyBox.top >= figureBox.bottom - 1,
    };
  });
}

for (const lang of LANGS) {
  for (const c of CASES) {
    test(`[${lang}] the ${c.name} amounts (${c.today / 100} / ${c.week / 100} / ${c.month / 100} MAD) never break inside their figure`, async ({
      page,
    }) => {
      await page.clock.setFixedTime(NOW);
      await openApp(page, lang, '#/dashboard');
      const { products, sales } = salesOf(c);
      if (sales.length > 0) {
        await importBackup(page, lang, {
          name: `montants-${c.name}.json`,
          text: backupText({ products: products.map(productRecord), sales }),
        });
      }
      await page.goto('/#/dashboard');

      for (const [testId, centimes] of [
        ['revenue-today', c.today],
        ['revenue-week', c.week],
        ['revenue-month', c.month],
      ] as const) {
        const expected = await money(page, lang, centimes);
        await expect.poll(async () => plain(await page.getByTestId(testId).innerText())).toContain(expected);
        const layout = await layoutOf(page, testId);
        // The digits of the figure lie on one line, and inside the card (1 px for subpixel rounding).
        expect(layout.figureLines, `${testId}: "${layout.text}" is cut inside its figure`).toBe(1);
        expect(layout.figure.left, `${testId} overflows its card`).toBeGreaterThanOrEqual(
          layout.card.left - 1,
        );
        expect(layout.figure.right, `${testId} overflows its card`).toBeLessThanOrEqual(
          layout.card.right + 1,
        );
      }
      // The amount in the today card is never wrapped at all: the card is the width of the screen.
      expect((await layoutOf(page, 'revenue-today')).currencyWrapped).toBe(false);

      await shoot(page, lang, `dashboard-money-${c.name}`);
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/dashboard-${c.name}-${lang}.png` });
      }
    });
  }
}

test('[fr] the figure test fails on an amount cut inside its digits (the old break-words card)', async ({
  page,
}) => {
  await openApp(page, 'fr', '#/dashboard');
  await expect(page.getByTestId('revenue-week').locator('[data-money-figure]')).toBeVisible();
  // The card as it was before: the figure may break anywhere and has no room to shrink into.
  await page.getByTestId('revenue-week').evaluate((group) => {
    const figure = group.querySelector<HTMLElement>('[data-money-figure]');
    if (!figure) throw new Error('no figure');
    figure.textContent = '1.192.755,31';
    figure.style.whiteSpace = 'normal';
    figure.style.overflowWrap = 'break-word';
    figure.style.fontSize = '1.25rem';
  });
  const layout = await layoutOf(page, 'revenue-week');
  expect(layout.figureLines).toBeGreaterThan(1);
});
