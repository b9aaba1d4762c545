// A smaller phone (320 px wide) and a phone whose text is set larger (115 % and 130 %, Android's largest: the app
// is sized in rem), in French and Arabic: no page grows wider than the screen, no control reaches past its card or
// dialog, no card of the long lists is cut, and the capture's Analyser answers the finger. Before, the catalogue's
// buttons widened the page (385 px at 115 %), the capture's Analyser lay past the screen, "Photographier" ran out
// of its button, the catalogue's and stock's cards were cut at the bottom (their heights assumed 16-px text), and
// a catalogue name needing three lines was cut after two. At 130 %, the bottom bar's last link lay past the
// screen, and the catalogue's margin, the stock card's action words and the stock filter's "Rupture" were cut.
import { expect, test, type Page } from '@playwright/test';
import { LABELS } from '../support/catalog';
import { LANGS, openApp, shoot, words as shopWords } from '../support/customers';
import { expectControlsInside, widths } from '../support/layout';
import { openCapture, tapCentre, words } from '../support/sale';

/** The rows of the virtual lists whose card needs more height than its row gives it (the card is cut). */
const cutRows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('ul > li[style]')]
      .filter((row) => {
        const card = row.firstElementChild;
        return card !== null && card.scrollHeight > row.getBoundingClientRect().height + 1;
      })
      .map((row) => row.textContent?.slice(0, 40)),
  );

/** The names and brands of the list cards cut by their line clamp (an ellipsis where the words go on). */
const cutNames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('ul > li[style] :is(h2, p)')]
      .filter((text) => text.scrollHeight > text.clientHeight + 1)
      .map((text) => text.textContent),
  );

/** The words of the list cards cut to an ellipsis on one line (the catalogue's few-views badge said "0…"). */
const cutWords = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('ul > li[style] .truncate')]
      .filter((text) => text.scrollWidth > text.clientWidth)
      .map((text) => text.textContent),
  );

/** The bottom bar's links that lie past the screen's edge (the bar is fixed: the page's width does not show it). */
const navPastScreen = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('nav a[data-page]')]
      .filter((link) => {
        const box = link.getBoundingClientRect();
        return box.left < -0.5 || box.right > window.innerWidth + 0.5;
      })
      .map((link) => link.getAttribute('data-page')),
  );

const PHONES = [
  { name: '320 px', width: 320, height: 640, textPercent: 100 },
  { name: 'text at 115 %', width: 360, height: 740, textPercent: 115 },
  { name: 'text at 130 %', width: 360, height: 740, textPercent: 130 },
] as const;

for (const phone of PHONES)
  test.describe(phone.name, () => {
    test.use({ viewport: { width: phone.width, height: phone.height } });
    for (const lang of LANGS) {
      test(`[${lang}] the pages, the product form and the capture fit the screen`, async ({ page }) => {
        if (phone.textPercent !== 100)
          await page.addInitScript((percent) => {
            document.addEventListener('DOMContentLoaded', () => {
              const style = document.createElement('style');
              style.textContent = `html { font-size: ${percent}% !important; }`;
              document.head.append(style);
            });
          }, phone.textPercent);
        await openApp(page, lang, '#/dashboard');
        const screen = { layout: phone.width, content: phone.width };
        for (const hash of ['#/dashboard', '#/catalog', '#/customers', '#/inventory', '#/settings']) {
          await page.goto(`/${hash}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('main :is(a, button)').first()).toBeVisible();
          expect(await widths(page), hash).toEqual(screen);
          expect(await navPastScreen(page), hash).toEqual([]);
          await expectControlsInside(page, hash);
          expect(await cutRows(page), hash).toEqual([]);
          // The catalogue's names and brands are whole (the stock card's column beside a warning badge is 56 px
          // at 320 px: its brand line may end in an ellipsis after three lines).
          if (hash === '#/catalog') expect(await cutNames(page), hash).toEqual([]);
          expect(await cutWords(page), hash).toEqual([]);
          await shoot(page, lang, `small-${phone.width}-${phone.textPercent}-${hash.slice(2)}`);
        }
        await page.goto('/#/catalog');
        await expect(page.getByRole('list').first()).toBeVisible();
        await shoot(page, lang, `small-${phone.width}-${phone.textPercent}-catalog`);

        // The product form: its photo buttons hold their words.
        await tapCentre(page, page.getByRole('button', { name: LABELS[lang].add, exact: true }));
        const form = page.getByRole('dialog', { name: LABELS[lang].addProduct });
        await expect(form).toBeVisible();
        await expectControlsInside(page, 'the product form');
        expect(await widths(page)).toEqual(screen);
        await shoot(page, lang, `small-${phone.width}-${phone.textPercent}-product-form`);
        await tapCentre(page, form.getByRole('button', { name: shopWords[lang].shell.app.close }));
        await expect(form).toBeHidden();

        // The capture: Analyser is on the screen and answers the finger (no photo yet: it asks for one).
        const flow = await openCapture(page, lang);
        await expect(flow).toBeVisible();
        await expectControlsInside(page, 'the capture');
        await tapCentre(page, flow.getByRole('button', { name: words[lang].shell.sale.analyse }));
        await expect(
          flow.getByRole('alert').filter({ hasText: words[lang].shell.sale.takeAtLeastOnePhoto }),
        ).toBeVisible();
        await shoot(page, lang, `small-${phone.width}-${phone.textPercent}-capture`);
      });
    }
  });
