// À Propos in French and Arabic: the mission, features, where the data lives, the partner group, the version,
// and the contact lines configured in content.ts — never a placeholder.
import { expect, test } from '@playwright/test';
import { LANGS, openApp, plain, shoot, words } from '../support/customers';

for (const lang of LANGS) {
  const w = words[lang];
  test(`[${lang}] À Propos presents the app, its data, the partner group and only the configured contact`, async ({
    page,
  }) => {
    await openApp(page, lang, '#/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.shell.pages.about.title);
    await expect(page.getByTestId('app-version')).toContainText('1.0.0');
    for (const title of [
      w.about.missionTitle,
      w.about.featuresTitle,
      w.about.dataTitle,
      w.about.partnerTitle,
    ]) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    const text = plain(await page.locator('main').innerText());
    expect(text).not.toMatch(/COMPL[ÉE]TER|TODO|undefined|lorem/i);
    // The partner card presents the group in a sentence, not only its title.
    const partner = page.locator('section', {
      has: page.getByRole('heading', { name: w.about.partnerTitle }),
    });
    expect(plain(await partner.innerText()).length).toBeGreaterThan(w.about.partnerTitle.length + 60);

    // Contact lines come from content.ts's ABOUT_CONTACT: each shown line is a real link or address,
    // and with none configured the block is not there at all (no empty "Contact" title).
    const contact = page.getByRole('heading', { name: w.about.contactTitle });
    if ((await contact.count()) > 0) {
      const links = partner.getByRole('link');
      for (const link of await links.all()) {
        expect(await link.getAttribute('href')).toMatch(/^(tel:\+?\d+|mailto:\S+@\S+|https:\/\/\S+)$/);
        expect(plain(await link.innerText())).not.toBe('');
      }
    }

    await shoot(page, lang, 'about');
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/about-${lang}.png` });
    await page.getByRole('heading', { name: w.about.partnerTitle }).scrollIntoViewIfNeeded();
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/about-partner-${lang}.png` });
    }
  });
}
