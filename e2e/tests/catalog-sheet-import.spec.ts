// A catalogue of 2,000 lines from a spreadsheet, in French and Arabic at 360×740: columns guessed from the headers,
// what the import will do shown first (new, updated, skipped and why), written, then exported and imported back.
// The 2,000 lines are read once, in French; the Arabic run checks the same screens with a file of 200 lines.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import catalogAr from '../../apps/web/src/features/catalog/locales/ar.json' with { type: 'json' };
import catalogFr from '../../apps/web/src/features/catalog/locales/fr.json' with { type: 'json' };
import { fill, LANGS, openApp, plain, plural, shoot, type Lang } from '../support/customers';
import { afterOfflineReady, tapCentre } from '../support/sale';
import { expectToastShown, recordToasts } from '../support/toasts';

const catalog = { fr: catalogFr, ar: catalogAr };
/** Lines of the file, header apart: the large file once (French), a small one for the Arabic screens. */
const LINES = { fr: 2000, ar: 200 } as const;
const SAMPLE_PRODUCTS = 4;

/** Lines that cannot be taken, each with its reason (line numbers of the file: the header is line 1). */
const BAD_LINES = 25;

/**
 * The file: line 2 changes the sample shop's tea (same name and brand), then products with prices written
 * every way a shop does ("12,50", "12.50", "1 234,50 DH"), some without category; among them 25 bad lines.
 */
function catalogueCsv(lang: Lang): { text: string; added: number } {
  const lines = LINES[lang];
  const headers =
    lang === 'fr'
      ? ['Désignation', 'Marque', 'Famille', 'Code EAN', 'Prix de vente (DH)', 'Qté', 'TVA']
      : ['الاسم', 'العلامة', 'الفئة', 'الباركود', 'السعر', 'الكمية', 'الضريبة'];
  const rows: string[][] = [['Thé vert Sultan 200 g', 'Sultan', 'Thé et café', '', '18,00', '', '20']];
  const prices = ['12,50', '12.50', '1 234,50 DH', '7', '0,95'];
  for (let i = 1; rows.length < lines; i++) {
    const name = lang === 'fr' ? `Produit ${String(i).padStart(4, '0')}` : `منتج ${i}`;
    const code = String(6_110_000_000_000 + i);
    rows.push([
      name,
      `Marque ${i % 17}`,
      i % 3 === 0 ? '' : 'Épicerie',
      code,
      prices[i % 5]!,
      String(i % 40),
      '20',
    ]);
  }
  // The bad lines, spread through the file: each kind of mistake once, the rest unreadable prices.
  const bad = (at: number, row: string[]) => (rows[at] = row);
  bad(10, ['Farine', 'Maymouna', '', '', 'douze', '3', '20']);
  bad(20, ['Savon', 'Taous', '', '', '-5', '3', '20']);
  bad(30, ['', 'Sans nom', '', '', '4', '1', '20']);
  bad(40, ['Riz', 'Tilda', '', '', '99999999999', '1', '20']);
  bad(50, ['Sel', 'Cérès', '', '', '2', '1', '19']);
  bad(60, ['Copie', 'X', '', rows[5]![3]!, '2', '1', '20']);
  const step = Math.floor((lines - 100) / (BAD_LINES - 6));
  for (let k = 0; k < BAD_LINES - 6; k++) bad(100 + k * step, [`Erreur ${k}`, '', '', '', 'NaN', '', '20']);
  const text = [headers, ...rows].map((row) => row.join(';')).join('\r\n');
  return { text, added: lines - 1 - BAD_LINES };
}

async function chooseFile(page: Page, dialog: Locator, lang: Lang, name: string, text: string) {
  const chooser = page.waitForEvent('filechooser');
  await tapCentre(page, dialog.getByRole('button', { name: catalog[lang].sheet.choose }));
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

for (const lang of LANGS) {
  const c = catalog[lang].sheet;

  test(`[${lang}] a CSV catalogue of ${LINES[lang]} lines imports with a report, then exports and imports back unchanged`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await recordToasts(page);
    await openApp(page, lang, '#/catalog');
    await afterOfflineReady(page);
    await tapCentre(page, page.getByRole('button', { name: c.title }));
    const dialog = page.getByRole('dialog', { name: c.title });
    await expect(dialog.getByRole('button', { name: c.choose })).toBeVisible();
    await shoot(page, lang, 'catalog-sheet-start');

    const { text, added } = catalogueCsv(lang);
    await chooseFile(page, dialog, lang, 'catalogue.csv', text);

    // What the import will do, before anything is written.
    const summary = dialog.getByTestId('sheet-summary');
    await expect(summary).toBeVisible({ timeout: 60_000 });
    const grouped = async (n: number) =>
      plain(await page.evaluate(([l, v]) => new Intl.NumberFormat(l).format(v), [`${lang}-MA`, n] as const));
    /** Waits until the summary's count for `key` reads `n`, written the shop's way. */
    const expectCount = async (key: string, n: number) => {
      const want = await grouped(n);
      await expect
        .poll(async () => plain(await summary.locator(`[data-count="${key}"]`).innerText()), {
          timeout: 60_000,
        })
        .toBe(want);
    };
    await expectCount('added', added);
    await expectCount('updated', 1);
    await expectCount('unchanged', 0);
    await expectCount('skipped', BAD_LINES);
    const updates = (await dialog.getByTestId('sheet-updates').getByRole('listitem').allInnerTexts()).map(
      plain,
    );
    expect(updates).toEqual([
      plain(fill(c.update['same-name-brand'], { line: 2, name: 'Thé vert Sultan 200 g' })),
    ]);
    const skips = (await dialog.getByTestId('sheet-skips').getByRole('listitem').allInnerTexts()).map(plain);
    expect(skips).toHaveLength(21);
    const f = c.field;
    expect(skips.slice(0, 6)).toEqual(
      [
        fill(c.skip.unreadable, { line: 12, column: f.salePrice, text: 'douze' }),
        fill(c.skip.negative, { line: 22, column: f.salePrice, text: '-5' }),
        fill(c.skip['name-missing'], { line: 32 }),
        fill(c.skip['too-large'], { line: 42, column: f.salePrice, text: '99999999999' }),
        fill(c.skip['unknown-vat'], { line: 52, text: '19' }),
        fill(c.skip['duplicate-in-file'], { line: 62, first: 7 }),
      ].map(plain),
    );
    expect(skips[20]).toBe(plain(plural(c, 'more', BAD_LINES - 20, lang)));
    await shoot(page, lang, 'catalog-sheet-preview');

    // The columns were guessed from the headers; the shopkeeper can change one and the preview follows.
    const quantity = dialog.getByRole('combobox', { name: lang === 'fr' ? 'Qté' : 'الكمية' });
    await expect(quantity).toHaveValue('stock');
    await expect(dialog.getByRole('combobox', { name: lang === 'fr' ? 'Code EAN' : 'الباركود' })).toHaveValue(
      'barcode',
    );
    const name = dialog.getByRole('combobox', { name: lang === 'fr' ? 'Désignation' : 'الاسم' });
    await name.selectOption('');
    await expect(dialog.getByText(c.nameNeeded)).toBeVisible();
    await expect(dialog.getByRole('button', { name: c.nothingToDo })).toBeDisabled();
    await name.selectOption('name');
    await expectCount('added', added);
    await quantity.scrollIntoViewIfNeeded();
    await shoot(page, lang, 'catalog-sheet-columns');

    // Imported: the toast says what was done, the catalogue has every new product and the tea's new price.
    await tapCentre(page, dialog.getByRole('button', { name: plural(c, 'apply', added + 1, lang) }));
    await expectToastShown(page, fill(c.done, { added, updated: 1 }), 60_000);
    await expect(dialog).toBeHidden();
    const total = SAMPLE_PRODUCTS + added;
    await expect(page.getByText(plural(catalog[lang], 'resultCount', total, lang))).toBeVisible();
    await page.getByRole('searchbox').fill('Thé vert Sultan');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect.poll(async () => plain(await page.getByRole('article').innerText())).toMatch(/18[,.]00/);
    await page.getByRole('searchbox').fill('');
    await shoot(page, lang, 'catalog-sheet-imported');
    // Every amount on the cards is shown whole: a four-digit price was cut to "1.234,50 …" beside the views'
    // badge at 360 px (the badge now gives way: rows have a fixed height, nothing wraps).
    const cutAmounts = await page.getByRole('article').evaluateAll((cards) =>
      cards
        .slice(0, 3)
        .flatMap((card) => [...card.querySelectorAll('p, span')])
        .filter((el) => /MAD|د\.م\./.test(el.textContent ?? '') && el.children.length === 0)
        .filter((el) => el.scrollWidth > el.clientWidth)
        .map((el) => el.textContent),
    );
    expect(cutAmounts).toEqual([]);

    // Exported as CSV (UTF-8 with BOM), one line per product; imported back, it changes nothing.
    await tapCentre(page, page.getByRole('button', { name: c.title }));
    const downloading = page.waitForEvent('download');
    await tapCentre(page, dialog.getByRole('button', { name: fill(c.exportAs, { format: 'CSV' }) }));
    const download = await downloading;
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const exported = bytes.subarray(3).toString('utf8');
    expect(exported.split('\r\n')).toHaveLength(total + 1);
    await chooseFile(page, dialog, lang, download.suggestedFilename(), exported);
    await expect(summary).toBeVisible({ timeout: 60_000 });
    await expectCount('unchanged', total);
    await expectCount('added', 0);
    await expectCount('skipped', 0);
    await expect(dialog.getByRole('button', { name: c.nothingToDo })).toBeDisabled();
    await shoot(page, lang, 'catalog-sheet-reimport');
  });
}
