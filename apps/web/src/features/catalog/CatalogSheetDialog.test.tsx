import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listProducts, saveProduct } from '../../data/productsRepository';
import { aProduct, resetDatabase } from '../../data/testDatabase';
import { renderScreen } from '../../test/testScreen';
import { CatalogSheetDialog } from './CatalogSheetDialog';
import { CatalogueSheetSession, type SheetRequest } from './catalogueSheetSession';
import type { SheetWorkerMessage, SheetWorkerReply } from './catalogueSheetWorker';

beforeEach(resetDatabase);

const CSV = [
  'Désignation;Marque;Prix de vente;Qté;Remarque',
  'Thé vert;Sultan;18,00;3;a',
  'Huile;Lesieur;20.50;12;b',
  'Savon;;douze;1;c',
].join('\r\n');

async function chooseCsv(text: string) {
  const input = screen.getByTestId<HTMLInputElement>('sheet-file');
  fireEvent.change(input, { target: { files: [new File([text], 'catalogue.csv', { type: 'text/csv' })] } });
  return screen.findByText('Fichier : catalogue.csv');
}

/**
 * A module Worker as the browser runs one: each message is answered later by the Worker's own session, its
 * data structured-cloned both ways (what cannot cross fails here as it would there).
 */
class InProcessWorker {
  static started = 0;
  private readonly session = new CatalogueSheetSession();
  private readonly listeners: ((event: MessageEvent<SheetWorkerReply>) => void)[] = [];
  constructor() {
    InProcessWorker.started += 1;
  }
  addEventListener(type: string, listener: (event: MessageEvent<SheetWorkerReply>) => void) {
    if (type === 'message') this.listeners.push(listener);
  }
  postMessage(message: SheetWorkerMessage) {
    const { file, ...rest } = message.request as SheetRequest & { file?: File };
    const request = { ...structuredClone(rest), ...(file ? { file } : {}) } as SheetRequest;
    void this.session.run(request).then((reply) => {
      const data = structuredClone({ id: message.id, ok: true, reply }) as SheetWorkerReply;
      for (const listener of this.listeners) listener({ data } as MessageEvent<SheetWorkerReply>);
    });
  }
  terminate() {}
}

describe('CatalogSheetDialog', () => {
  it.each([
    ['in the page (no Worker)', undefined],
    ['in a Worker', InProcessWorker],
  ])(
    'reads a CSV, says what it will do, plans again when a column changes, then writes (%s)',
    async (_, worker) => {
      vi.stubGlobal('Worker', worker);
      InProcessWorker.started = 0;
      try {
        await saveProduct(aProduct({ name: 'Thé vert', brand: 'Sultan', salePrice: 1500, stock: 3 }));
        const onClose = vi.fn();
        renderScreen(<CatalogSheetDialog onClose={onClose} />);
        await chooseCsv(CSV);
        const summary = await screen.findByText("Ce que l'importation va faire");
        const report = summary.closest('section') ?? document.body;
        await waitFor(() => expect(report.textContent).toMatch(/Nouveaux produits\s*1/));
        expect(report.textContent).toMatch(/Produits mis à jour\s*1/);
        expect(report.textContent).toMatch(/Lignes ignorées\s*1/);
        expect(screen.getByText('Ex. : 18,00')).toBeTruthy();
        // The price column left out: the soap's price no longer stops its line, the tea is unchanged.
        fireEvent.change(screen.getByLabelText('Prix de vente'), { target: { value: '' } });
        await waitFor(() => expect(report.textContent).toMatch(/Nouveaux produits\s*2/));
        expect(report.textContent).toMatch(/Déjà à jour\s*1/);
        const apply = await screen.findByRole('button', { name: 'Importer 2 produits' });
        await waitFor(() => expect((apply as HTMLButtonElement).disabled).toBe(false));
        fireEvent.click(apply);
        await waitFor(() => expect(onClose).toHaveBeenCalled());
        const names = (await listProducts()).map((product) => product.name).sort();
        expect(names).toEqual(['Huile', 'Savon', 'Thé vert']);
        expect(InProcessWorker.started).toBe(worker ? 1 : 0);
      } finally {
        vi.unstubAllGlobals();
      }
    },
  );

  it('says why a file cannot be read', async () => {
    vi.stubGlobal('Worker', undefined);
    try {
      renderScreen(<CatalogSheetDialog onClose={() => undefined} />);
      const input = screen.getByTestId<HTMLInputElement>('sheet-file');
      fireEvent.change(input, { target: { files: [new File(['Nom;Prix\r\n'], 'vide.csv')] } });
      const alert = await screen.findByRole('alert');
      expect(
        within(alert.parentElement!).getByText('Le fichier ne contient aucune ligne de produit'),
      ).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
