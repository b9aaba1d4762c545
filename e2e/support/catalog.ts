// Helpers of the catalogue and stock end-to-end tests: the fake camera's video, languages, screenshots, labels.
import { expect, type Page } from '@playwright/test';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectControlsInside } from './layout';

export type Lang = 'fr' | 'ar';
export const LANGS: readonly Lang[] = ['fr', 'ar'];

/** Where Chromium reads the fake camera from (`--use-file-for-fake-video-capture`). */
export const FAKE_CAMERA_FILE = join(tmpdir(), 'hanouti-e2e-fake-camera.y4m');

const WIDTH = 640;
const HEIGHT = 480;

type Rgb = readonly [number, number, number];

/**
 * The picture the fake camera films: a product box (saffron, a green band, a white label with dark
 * "text" lines) on the dark background the spec recommends. Generated here, never taken from a file.
 */
export function productScene(x: number, y: number): Rgb {
  const background: Rgb = [34, 38, 40];
  const inBox = x >= 200 && x < 440 && y >= 90 && y < 400;
  if (!inBox) return background;
  if (y >= 150 && y < 190) return [15, 92, 85];
  if (x >= 240 && x < 400 && y >= 230 && y < 330) {
    const textLine = (y - 240) % 24 < 8 && x >= 256 && x < 384;
    return textLine ? [28, 38, 36] : [250, 250, 245];
  }
  return [244, 183, 63];
}

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** One frame as Y4M 4:2:0 planes (BT.601 studio range, chroma averaged over 2×2 pixels). */
export function yuv420Frame(scene: (x: number, y: number) => Rgb, width: number, height: number): Buffer {
  const luma = Buffer.alloc(width * height);
  const chromaWidth = width / 2;
  const chromaHeight = height / 2;
  const u = Buffer.alloc(chromaWidth * chromaHeight);
  const v = Buffer.alloc(chromaWidth * chromaHeight);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = scene(x, y);
      luma[y * width + x] = clampByte(16 + 0.257 * r + 0.504 * g + 0.098 * b);
    }
  }
  for (let cy = 0; cy < chromaHeight; cy++) {
    for (let cx = 0; cx < chromaWidth; cx++) {
      let su = 0;
      let sv = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const [r, g, b] = scene(cx * 2 + dx, cy * 2 + dy);
        su += 128 - 0.148 * r - 0.291 * g + 0.439 * b;
        sv += 128 + 0.439 * r - 0.368 * g - 0.071 * b;
      }
      u[cy * chromaWidth + cx] = clampByte(su / 4);
      v[cy * chromaWidth + cx] = clampByte(sv / 4);
    }
  }
  return Buffer.concat([luma, u, v]);
}

/** Writes the fake camera's Y4M video (a few identical frames; Chromium loops it). */
export function writeFakeCameraVideo(path = FAKE_CAMERA_FILE): string {
  if (existsSync(path)) return path;
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F15:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = yuv420Frame(productScene, WIDTH, HEIGHT);
  const frames = Array.from({ length: 3 }, () => [Buffer.from('FRAME\n', 'ascii'), frame]).flat();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.concat([header, ...frames]));
  return path;
}

const SCREENSHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));

/** Saves the screen as it is now under artifacts/screenshots/<lang>/<name>.png (360×740). */
export async function shot(page: Page, lang: Lang, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, lang, `${name}.png`) });
  await expectControlsInside(page, `${lang} ${name}`);
}

/** Opens the app on a page, in French (the default) or switched to Arabic through the settings. */
export async function openApp(page: Page, lang: Lang, hash = '#/catalog'): Promise<void> {
  if (lang === 'ar') {
    await page.goto('/#/settings');
    await page.getByRole('radio', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
  await page.goto(`/${hash}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** A picture made by the browser's canvas, as the bytes of a PNG file. */
export async function generatedPng(page: Page, width = 800, height = 600): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D context');
      context.fillStyle = '#22262a';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#c0392b';
      context.fillRect(w * 0.3, h * 0.15, w * 0.4, h * 0.7);
      context.fillStyle = '#ffffff';
      context.fillRect(w * 0.35, h * 0.45, w * 0.3, h * 0.15);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** The labels the tests look for, word for word as the screens show them. */
export const LABELS = {
  fr: {
    add: 'Ajouter',
    delete: 'Supprimer',
    save: 'Enregistrer',
    cancel: 'Annuler',
    addProduct: 'Ajouter un Produit',
    editProduct: 'Modifier le Produit',
    takePhoto: 'Prendre une photo',
    gallery: 'Importer depuis la galerie',
    cameraTitle: 'Photographier le Produit',
    enableCamera: 'Activer la Caméra',
    shutter: 'Prendre la photo',
    cameraUnavailable: "Impossible d'accéder à la caméra. Vérifiez les permissions.",
    retry: 'Réessayer',
    name: 'Nom du produit *',
    category: 'Catégorie *',
    brand: 'Marque',
    newCategory: '+ Nouvelle catégorie…',
    purchasePrice: "Prix d'achat (MAD)",
    salePrice: 'Prix de vente (MAD)',
    stock: 'Stock',
    threshold: "Seuil d'alerte",
    nameRequired: 'Le nom du produit est obligatoire',
    categoryRequired: 'La catégorie est obligatoire',
    becameZero: (typed: string) => `« ${typed} » n'est pas un nombre valide : remplacé par 0`,
    imageRequired: 'Veuillez sélectionner un fichier image',
    imageTooLarge: "L'image est trop volumineuse (max 5MB)",
    search: 'Rechercher par nom ou marque',
    all: 'Tout',
    noProductFound: 'Aucun produit trouvé',
    emptyCatalog: 'Aucun produit dans le catalogue',
    addFirst: 'Ajouter le premier produit',
    selectAll: 'Tout sélectionner',
    leave: 'Quitter la sélection',
    selected: (count: number) => `${count} sélectionné${count > 1 ? 's' : ''}`,
    select: (name: string) => `Sélectionner ${name}`,
    confirmBulk: (count: number) => `Supprimer ${count} produit${count > 1 ? 's' : ''} ?`,
    deleted: (count: number) =>
      count > 1 ? `${count} produits supprimés avec succès` : `${count} produit supprimé avec succès`,
    deleteOneTitle: 'Supprimer ce produit ?',
    edit: (name: string) => `Modifier ${name}`,
    deleteCard: (name: string) => `Supprimer ${name}`,
    photoOf: (name: string) => `Photo de ${name}`,
    stockNegative: 'Le stock ne peut pas être négatif',
    lowBadge: 'Stock Faible',
    outBadge: 'Rupture',
    alertsTitle: 'Alertes de stock',
    adjust: (step: string, name: string) => `${step} pour ${name}`,
    countFor: (name: string) => `Inventaire de ${name}`,
    restockFor: (name: string) => `Réception de ${name}`,
    historyFor: (name: string) => `Historique du stock de ${name}`,
    countedQuantity: 'Quantité comptée',
    saveCount: "Enregistrer l'inventaire",
    receivedQuantity: 'Quantité reçue',
    restockNote: 'Fournisseur ou bon de livraison (facultatif)',
    saveRestock: 'Ajouter au stock',
    tabLow: 'Faible',
    tabOut: 'Rupture',
    inventorySearch: 'Nom, marque ou catégorie',
    stockLine: (quantity: string) => `Stock : ${quantity}`,
    movementsList: 'Mouvements de stock',
  },
  ar: {
    add: 'إضافة',
    delete: 'حذف',
    save: 'حفظ',
    cancel: 'إلغاء',
    addProduct: 'إضافة منتج',
    editProduct: 'تعديل المنتج',
    takePhoto: 'التقاط صورة',
    gallery: 'استيراد من المعرض',
    cameraTitle: 'تصوير المنتج',
    enableCamera: 'تشغيل الكاميرا',
    shutter: 'التقاط الصورة',
    cameraUnavailable: 'تعذر الوصول إلى الكاميرا. تحقق من الأذونات.',
    retry: 'إعادة المحاولة',
    name: 'اسم المنتج *',
    category: 'الفئة *',
    brand: 'العلامة التجارية',
    newCategory: '+ فئة جديدة…',
    purchasePrice: 'ثمن الشراء (MAD)',
    salePrice: 'ثمن البيع (MAD)',
    stock: 'المخزون',
    threshold: 'حد التنبيه',
    nameRequired: 'اسم المنتج إلزامي',
    categoryRequired: 'الفئة إلزامية',
    becameZero: (typed: string) => `«${typed}» ليس رقمًا صالحًا: تم تعويضه بـ 0`,
    imageRequired: 'المرجو اختيار ملف صورة',
    imageTooLarge: 'الصورة كبيرة جدًا (الحد الأقصى 5 ميغابايت)',
    search: 'ابحث بالاسم أو العلامة التجارية',
    all: 'الكل',
    noProductFound: 'لم يتم العثور على أي منتج',
    emptyCatalog: 'لا يوجد أي منتج في الكتالوج',
    addFirst: 'أضف أول منتج',
    selectAll: 'تحديد الكل',
    leave: 'الخروج من التحديد',
    selected: (count: number) =>
      count === 0
        ? 'لا شيء محدد'
        : count === 1
          ? 'واحد محدد'
          : count === 2
            ? 'اثنان محددان'
            : `${count} محددة`,
    select: (name: string) => `تحديد ${name}`,
    confirmBulk: (count: number) =>
      count === 1 ? 'حذف منتج واحد؟' : count === 2 ? 'حذف منتجين؟' : `حذف ${count} منتجات؟`,
    deleted: (count: number) =>
      count === 1
        ? 'تم حذف منتج واحد بنجاح'
        : count === 2
          ? 'تم حذف منتجين بنجاح'
          : `تم حذف ${count} منتجات بنجاح`,
    deleteOneTitle: 'حذف هذا المنتج؟',
    edit: (name: string) => `تعديل ${name}`,
    deleteCard: (name: string) => `حذف ${name}`,
    photoOf: (name: string) => `صورة ${name}`,
    stockNegative: 'لا يمكن أن يكون المخزون سالبًا',
    lowBadge: 'مخزون منخفض',
    outBadge: 'نافد',
    alertsTitle: 'تنبيهات المخزون',
    adjust: (step: string, name: string) => `${step} لـ ${name}`,
    countFor: (name: string) => `جرد ${name}`,
    restockFor: (name: string) => `استلام ${name}`,
    historyFor: (name: string) => `سجل مخزون ${name}`,
    countedQuantity: 'الكمية المعدودة',
    saveCount: 'تسجيل الجرد',
    receivedQuantity: 'الكمية المستلمة',
    restockNote: 'المورد أو وصل التسليم (اختياري)',
    saveRestock: 'إضافة إلى المخزون',
    tabLow: 'منخفض',
    tabOut: 'نافد',
    inventorySearch: 'الاسم أو العلامة أو الفئة',
    stockLine: (quantity: string) => `المخزون: ${quantity}`,
    movementsList: 'حركات المخزون',
  },
} as const;

/** The sample shop seeded on first start (spec §3: four products). */
export const SAMPLE = {
  tea: 'Thé vert Sultan 200 g',
  oil: 'Huile Lesieur 1L',
  sugar: 'Sucre en morceaux Cosumar 1 kg',
  milk: 'Lait Centrale 1L',
} as const;
