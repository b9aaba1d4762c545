import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FEATURES_VERSION, type ImageFeatures } from '@hanouti/recognition';
import { listProducts, loadPhoto, saveProduct } from '../../data/productsRepository';
import { listReferenceFeatures } from '../../data/referenceFeaturesRepository';
import { listStockMovements } from '../../data/stockRepository';
import { aProduct, resetDatabase } from '../../data/testDatabase';
import { ProductModal } from './ProductModal';
import { clickAndSettle, renderScreen } from '../../test/testScreen';
import { computeReference } from '../../recognition/recognitionClient';
import { readGalleryPhoto } from '../camera/galleryPhoto';

// A view's features come from the recognition worker and a gallery photo from the browser's image decoder:
// both are stood in for, so that the form's handling of a view still being computed can be watched.
vi.mock('../../recognition/recognitionClient', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  computeReference: vi.fn(),
}));
vi.mock('../camera/galleryPhoto', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  readGalleryPhoto: vi.fn(),
}));

beforeEach(resetDatabase);

const field = (name: string | RegExp) => screen.getByLabelText<HTMLInputElement>(name);
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });

async function submit() {
  await clickAndSettle(screen.getByRole('button', { name: 'Enregistrer' }));
}

describe('the product modal', () => {
  it('requires a name and a category and saves nothing without them', async () => {
    renderScreen(<ProductModal product={undefined} onClose={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Ajouter un Produit' })).toBeTruthy();
    await submit();
    expect(await screen.findByText('Le nom du produit est obligatoire')).toBeTruthy();
    expect(screen.getByText('La catégorie est obligatoire')).toBeTruthy();
    expect(await listProducts()).toEqual([]);
  });

  it('turns an invalid price into 0 and shows what was typed', async () => {
    renderScreen(<ProductModal product={undefined} onClose={() => undefined} />);
    await screen.findByRole('dialog');
    type('Prix de vente (MAD)', '12,5abc');
    fireEvent.blur(field('Prix de vente (MAD)'));
    expect(field('Prix de vente (MAD)').value).toBe('0');
    expect(screen.getByText("« 12,5abc » n'est pas un nombre valide : remplacé par 0")).toBeTruthy();
  });

  it('turns a price or stock past what the app holds into 0 and says it was too large', async () => {
    renderScreen(<ProductModal product={undefined} onClose={() => undefined} />);
    await screen.findByRole('dialog');
    type('Prix de vente (MAD)', '20000000');
    fireEvent.blur(field('Prix de vente (MAD)'));
    expect(field('Prix de vente (MAD)').value).toBe('0');
    expect(screen.getByText(/^« 20000000 » dépasse 10.000.000,00\sMAD : remplacé par 0$/)).toBeTruthy();
    type('Stock', '1000001');
    fireEvent.blur(field('Stock'));
    expect(field('Stock').value).toBe('0');
    expect(screen.getByText('« 1000001 » dépasse 1.000.000 : remplacé par 0')).toBeTruthy();
  });

  it('refuses a negative stock with the spec message', async () => {
    renderScreen(<ProductModal product={undefined} onClose={() => undefined} />);
    await screen.findByRole('dialog');
    type('Nom du produit *', 'Sucre');
    type('Catégorie *', 'Épicerie');
    type('Stock', '-4');
    await submit();
    expect(await screen.findByText('Le stock ne peut pas être négatif')).toBeTruthy();
    expect(await listProducts()).toEqual([]);
  });

  it('starts from a detection crop: its photo and first view, indexed on save, the product handed back', async () => {
    const photo = {
      blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }),
      thumbnail: new Blob([new Uint8Array([4, 5])], { type: 'image/jpeg' }),
      mime: 'image/jpeg',
    };
    const features: ImageFeatures = {
      version: FEATURES_VERSION,
      width: 2,
      height: 2,
      points: new Float32Array([0.5, 0.5]),
      descriptors: new Uint32Array(8),
      colours: new Uint8Array(4),
    };
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderScreen(
      <ProductModal
        product={undefined}
        initialPhoto={{ photo, features }}
        onSaved={onSaved}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un Produit' });
    // The crop is the new photo and, in the recognition views, view 1.
    expect(within(dialog).getByRole('img', { name: 'Nouvelle photo du produit' })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Photo du produit (vue 1)' })).toBeTruthy();
    expect(within(dialog).getByText('1 vue pour la reconnaissance')).toBeTruthy();
    type('Nom du produit *', 'Biscuit au citron');
    type('Catégorie *', 'Biscuits');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [product] = await listProducts();
    expect(product?.photoId).toBeDefined();
    expect(onSaved).toHaveBeenCalledWith(
      expect.objectContaining({ id: product?.id, name: 'Biscuit au citron' }),
    );
    const stored = await loadPhoto(product?.photoId ?? '');
    expect(stored?.mime).toBe('image/jpeg');
    const references = await listReferenceFeatures();
    expect(references).toHaveLength(1);
    expect(references[0]).toMatchObject({
      productId: product?.id,
      photoId: product?.photoId,
      origin: 'photo',
    });
    expect(Array.from(references[0]?.features.points ?? [])).toEqual([0.5, 0.5]);
  });

  it('adds a product in a new category with its prices in centimes and its opening stock', async () => {
    const onClose = vi.fn();
    renderScreen(<ProductModal product={undefined} onClose={onClose} />);
    await screen.findByRole('dialog');
    type('Nom du produit *', 'Sucre en morceaux');
    type('Catégorie *', 'Épicerie');
    type('Marque', 'Cosumar');
    type("Prix d'achat (MAD)", '9,20');
    type('Prix de vente (MAD)', '11.50');
    type('Stock', '24');
    fireEvent.change(screen.getByLabelText('TVA'), { target: { value: '14' } });
    type('Code-barres', '6111245100012');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [product] = await listProducts();
    expect(product).toMatchObject({
      name: 'Sucre en morceaux',
      brand: 'Cosumar',
      category: 'Épicerie',
      purchasePrice: 920,
      salePrice: 1150,
      vat: 14,
      stock: 24,
      reorderThreshold: 5,
      barcode: '6111245100012',
    });
    expect((await listStockMovements(product?.id ?? '')).map((m) => m.delta)).toEqual([24]);
  });

  it('edits a product picked from existing categories and keeps its stock', async () => {
    const tea = aProduct({ name: 'Thé vert', category: 'Épicerie', stock: 8, salePrice: 1500 });
    await saveProduct(tea);
    await saveProduct(aProduct({ name: 'Savon', category: 'Hygiène' }));
    const onClose = vi.fn();
    renderScreen(<ProductModal product={tea} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le Produit' });
    await waitFor(() =>
      expect(within(dialog).getByLabelText<HTMLSelectElement>('Catégorie *').value).toBe('Épicerie'),
    );
    expect(field('Prix de vente (MAD)').value).toBe('15,00');
    fireEvent.change(within(dialog).getByLabelText('Catégorie *'), { target: { value: 'Hygiène' } });
    type('Prix de vente (MAD)', '16');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const saved = (await listProducts()).find((p) => p.id === tea.id);
    expect(saved).toMatchObject({ category: 'Hygiène', salePrice: 1600, stock: 8 });
  });

  describe('a view added in the form', () => {
    const features: ImageFeatures = {
      version: FEATURES_VERSION,
      width: 2,
      height: 2,
      points: new Float32Array([0.25, 0.75]),
      descriptors: new Uint32Array(8),
      colours: new Uint8Array(4),
    };
    const photo = {
      blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }),
      thumbnail: new Blob([new Uint8Array([4, 5])], { type: 'image/jpeg' }),
      mime: 'image/jpeg',
    };
    function deferred() {
      let resolve!: (value: ImageFeatures) => void;
      let reject!: (error: Error) => void;
      const promise = new Promise<ImageFeatures>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      return { promise, resolve, reject };
    }
    async function chooseFromGallery() {
      fireEvent.change(screen.getByLabelText('Galerie'), {
        target: { files: [new File([new Uint8Array([1])], 'vue.jpg', { type: 'image/jpeg' })] },
      });
      await screen.findByRole('img', { name: 'Vue 1' });
    }

    beforeEach(() => {
      vi.mocked(readGalleryPhoto).mockResolvedValue({ ok: true, photo });
    });

    it('shows its thumbnail at once, lets the next one be taken, and the save waits for its features', async () => {
      const computing = deferred();
      vi.mocked(computeReference).mockReturnValue(computing.promise);
      const onClose = vi.fn();
      renderScreen(<ProductModal product={undefined} onClose={onClose} />);
      await screen.findByRole('dialog', { name: 'Ajouter un Produit' });
      await chooseFromGallery();
      expect(screen.getByText('1 vue pour la reconnaissance')).toBeTruthy();
      expect(screen.getByText('Calcul de la vue…')).toBeTruthy();
      expect(screen.getByLabelText<HTMLInputElement>('Galerie').disabled).toBe(false);
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Photographier' }).disabled).toBe(false);

      type('Nom du produit *', 'Thé vert');
      type('Catégorie *', 'Épicerie');
      const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Enregistrer' });
      fireEvent.click(save);
      // The save is under way and waits: nothing is stored while the view is computed.
      await waitFor(() => expect(save.disabled).toBe(true));
      expect(onClose).not.toHaveBeenCalled();
      expect(await listProducts()).toEqual([]);

      computing.resolve(features);
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      const [product] = await listProducts();
      const references = await listReferenceFeatures();
      expect(references).toHaveLength(1);
      expect(references[0]).toMatchObject({ productId: product?.id, origin: 'photo' });
      expect(Array.from(references[0]?.features.points ?? [])).toEqual([0.25, 0.75]);
    });

    it('takes a view that could not be computed out, says so, and saves the product without it', async () => {
      const computing = deferred();
      vi.mocked(computeReference).mockReturnValue(computing.promise);
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const onClose = vi.fn();
      renderScreen(<ProductModal product={undefined} onClose={onClose} />);
      await screen.findByRole('dialog', { name: 'Ajouter un Produit' });
      await chooseFromGallery();
      computing.reject(new Error('no models'));
      expect(await screen.findByRole('alert')).toHaveProperty(
        'textContent',
        "La vue n'a pas pu être calculée : reprenez la photo.",
      );
      expect(screen.queryByRole('img', { name: 'Vue 1' })).toBeNull();
      expect(screen.getByText('0 vue pour la reconnaissance')).toBeTruthy();

      type('Nom du produit *', 'Thé vert');
      type('Catégorie *', 'Épicerie');
      await submit();
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(await listProducts()).toHaveLength(1);
      expect(await listReferenceFeatures()).toEqual([]);
    });
  });
});
