// Page models of the karne specs (customers, what is owed, reminders, suppliers): each screen as the shopkeeper
// meets it, driven with the finger — a tap lands at the centre of what is on screen (page.mouse), after
// document.elementFromPoint has said that nothing lies on top (tapCentre) — and read with the page's own formats.
import { copyFileSync, mkdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  backupText,
  emptyShop,
  importBackup,
  money,
  openApp,
  plain,
  screenshotPath,
  shoot,
  words,
  type Lang,
} from './customers';
import { addBySearch, tapCentre, words as saleWords } from './sale';

/** What every screen model shares: the finger, the page's formats, reading a text, screenshots. */
export class Screen {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
    /** A folder that also gets each screenshot as <lang>-<name>.png, for a reviewer to look through. */
    private readonly shots?: string,
  ) {}

  /** Taps the centre of a control with the finger, once nothing lies over it. */
  tap(control: Locator): Promise<void> {
    return tapCentre(this.page, control);
  }

  /** A control's text with spaces and bidi marks made plain. */
  async textOf(control: Locator): Promise<string> {
    return plain(await control.innerText());
  }

  /** Waits until a control's text, made plain, reads `expected`. */
  async shows(control: Locator, expected: string): Promise<void> {
    await expect.poll(() => this.textOf(control)).toBe(plain(expected));
  }

  /** Money as the page writes it (the browser's ICU, the shop's language). */
  money(centimes: number): Promise<string> {
    return money(this.page, this.lang, centimes);
  }

  /** The locale the app formats with in this language. */
  get locale(): string {
    return this.lang === 'ar' ? 'ar-MA' : 'fr-MA';
  }

  /** A calendar day (YYYY-MM-DD) as the app writes a promised day: medium date, made plain. */
  async day(day: string): Promise<string> {
    const text = await this.page.evaluate(
      ([d, locale]) =>
        new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${d}T00:00:00Z`),
        ),
      [day, this.locale] as const,
    );
    return plain(text);
  }

  /**
   * Many values formatted at once by the page (one round trip), as ICU writes them (not made plain): amounts in
   * centimes as money, instants as short date and time, instants as short dates.
   */
  formats(values: { money?: number[]; dateTime?: string[]; day?: string[] }) {
    return this.page.evaluate(
      ({ locale, money = [], dateTime = [], day = [] }) => {
        const currency = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'MAD',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        const short = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
        const shortDay = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
        // Object.fromEntries types its result Record<string, string>: numeric keys read the same.
        return {
          money: Object.fromEntries(money.map((c) => [c, currency.format(c / 100)])),
          dateTime: Object.fromEntries(dateTime.map((d) => [d, short.format(new Date(d))])),
          day: Object.fromEntries(day.map((d) => [d, shortDay.format(new Date(d))])),
        };
      },
      { locale: this.locale, ...values },
    );
  }

  /** A screenshot without the toasts (artifacts/screenshots/<lang>/<name>.png), copied to the shots folder. */
  async shoot(name: string): Promise<void> {
    await shoot(this.page, this.lang, name);
    if (this.shots === undefined) return;
    mkdirSync(this.shots, { recursive: true });
    copyFileSync(screenshotPath(this.lang, name), `${this.shots}/${this.lang}-${name}.png`);
  }

  /**
   * A shop holding only these records: the sample shop emptied (in French: emptying also resets the language),
   * the language chosen, then a backup file imported through the settings as a shopkeeper would.
   */
  async startWith(fileName: string, lists: Record<string, unknown[]>): Promise<void> {
    await openApp(this.page, 'fr', '#/settings');
    await emptyShop(this.page);
    await openApp(this.page, this.lang, '#/settings');
    await importBackup(this.page, this.lang, { name: fileName, text: backupText(lists) });
  }
}

/** The customers screen (the karne): the summary, the list of cards, its sort and filter chips, a card's dialogs. */
export class CustomersPage extends Screen {
  readonly words = words[this.lang].customers;
  readonly list = this.page.getByRole('list', { name: this.words.listLabel });

  async open(): Promise<void> {
    await this.page.goto('/#/customers');
  }

  /** A customer's card, by name. */
  card(name: string): Locator {
    return this.list.getByRole('listitem', { name });
  }

  /** The names of the cards, top to bottom. */
  names(): Promise<(string | null)[]> {
    return this.list
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
  }

  /** A chip of a group of chips (sort: words.sortBy, filter: words.show). */
  chip(group: string, label: string): Locator {
    return this.page.getByRole('group', { name: group }).getByRole('button', { name: label, exact: true });
  }

  /** Taps a button of a customer's card (Carnet, Historique, Rappel, Modifier…). */
  async tapOnCard(name: string, button: string): Promise<void> {
    await this.tap(this.card(name).getByRole('button', { name: button }));
  }
}

/** The till: the cart, paying on a customer's carnet, the ticket. */
export class SalePage extends Screen {
  readonly words = saleWords[this.lang];
  readonly toTicket = this.page.getByRole('button', { name: this.words.sale.toTicket });
  readonly ticket = this.page.locator('article.ticket');

  async open(): Promise<void> {
    await this.page.goto('/#/sale');
  }

  /** Searches a product in the add sheet and taps it into the cart. */
  addBySearch(query: string, productName: string): Promise<void> {
    return addBySearch(this.page, this.lang, query, productName);
  }

  /** Chooses to pay on the carnet of a customer. */
  async onCarnetOf(customerName: string): Promise<void> {
    const credit = this.page.getByRole('radio', { name: this.words.sale.credit });
    await this.tap(this.page.locator('label').filter({ has: credit }));
    const customer = this.page.getByRole('combobox', { name: this.words.sale.customer });
    const option = await customer.locator('option', { hasText: customerName }).getAttribute('value');
    await customer.selectOption(option ?? '');
  }
}

/** The supplier notebook: the list of suppliers, what is owed to them. */
export class SuppliersPage extends Screen {
  async open(): Promise<void> {
    await this.page.goto('/#/suppliers');
  }

  /** A supplier's card in the list named `listLabel` (the suppliers catalogue's words). */
  card(listLabel: string, name: string): Locator {
    return this.page.getByRole('list', { name: listLabel }).getByRole('listitem', { name });
  }
}
