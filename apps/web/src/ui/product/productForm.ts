// The product form's values as typed (text) and how they become a product draft under the spec's rules.
import {
  parseMadInput,
  parseQuantityInput,
  productDraftSchema,
  VAT_RATES,
  type Product,
  type ProductDraftInput,
  type VatRate,
} from '@hanouti/core';
import { z } from 'zod';

const VAT_TEXTS = VAT_RATES.map(String) as ['0', '7', '10', '14', '20'];

/** Every field as the shopkeeper typed it; numbers stay text until they are read with the spec's rules. */
export const productFormFields = z.object({
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  barcode: z.string(),
  purchasePrice: z.string(),
  salePrice: z.string(),
  vat: z.enum(VAT_TEXTS),
  stock: z.string(),
  reorderThreshold: z.string(),
  description: z.string(),
  isBulk: z.boolean(),
  packSize: z.string(),
});
export type ProductFormValues = z.infer<typeof productFormFields>;

export const NUMBER_FIELDS = ['purchasePrice', 'salePrice', 'stock', 'reorderThreshold'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

const isMoneyField = (field: NumberField) => field === 'purchasePrice' || field === 'salePrice';
const NEGATIVE = /^\s*[-−]/;

/**
 * What the form makes of a typed number: kept, replaced by 0 (spec §5: invalid input becomes 0; `tooLarge` when it
 * was a number past what the app holds, so that the form says that rather than "not a valid number"), or refused.
 */
export type NumberFieldCheck =
  { kind: 'ok' } | { kind: 'became-zero'; typed: string; tooLarge?: true } | { kind: 'negative-stock' };

/**
 * A negative stock is refused with the spec's "Le stock ne peut pas être négatif" rather than turned into
 * 0, which would silently wipe the shelf; any other invalid number becomes 0, and the form says so.
 */
export function checkNumberField(field: NumberField, text: string, isBulk: boolean): NumberFieldCheck {
  if (
    field === 'stock' &&
    NEGATIVE.test(text) &&
    !parseQuantityInput(text.replace(NEGATIVE, ''), isBulk).invalid
  )
    return { kind: 'negative-stock' };
  const parsed = isMoneyField(field) ? parseMadInput(text) : parseQuantityInput(text, isBulk);
  if (!parsed.invalid) return { kind: 'ok' };
  return parsed.tooLarge
    ? { kind: 'became-zero', typed: text, tooLarge: true }
    : { kind: 'became-zero', typed: text };
}

function readNumber(field: NumberField, text: string, isBulk: boolean): number {
  if (field === 'stock' && NEGATIVE.test(text)) {
    // Kept negative so that the schema refuses it with its own message instead of saving 0.
    const magnitude = parseQuantityInput(text.replace(NEGATIVE, ''), isBulk);
    if (!magnitude.invalid) return -magnitude.value;
  }
  return (isMoneyField(field) ? parseMadInput(text) : parseQuantityInput(text, isBulk)).value;
}

function readPackSize(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const parsed = parseQuantityInput(text, false);
  return parsed.invalid ? Number.NaN : parsed.value;
}

/** The typed form as the input of core's productDraftSchema (prices in centimes). */
export function draftInputFromForm(values: ProductFormValues): ProductDraftInput {
  const read = (field: NumberField) => readNumber(field, values[field], values.isBulk);
  const packSize = readPackSize(values.packSize);
  return {
    name: values.name,
    brand: values.brand,
    category: values.category,
    barcode: values.barcode,
    purchasePrice: read('purchasePrice'),
    salePrice: read('salePrice'),
    vat: Number(values.vat) as VatRate,
    stock: read('stock'),
    reorderThreshold: read('reorderThreshold'),
    description: values.description,
    isBulk: values.isBulk,
    ...(packSize === undefined ? {} : { packSize }),
  };
}

/** The schema behind the form's resolver: typed text in, a valid product draft out. */
export const productFormSchema = productFormFields.transform(draftInputFromForm).pipe(productDraftSchema);

function decimalText(value: number, decimals: number, separator: string): string {
  return value.toFixed(decimals).replace('.', separator);
}

function quantityText(quantity: number, separator: string): string {
  return String(quantity).replace('.', separator);
}

/** A new product: the spec's creation defaults (VAT from the settings, threshold 5, prices and stock 0). */
export function emptyProductForm(defaultVat: VatRate): ProductFormValues {
  return {
    name: '',
    brand: '',
    category: '',
    barcode: '',
    purchasePrice: '',
    salePrice: '',
    vat: String(defaultVat) as ProductFormValues['vat'],
    stock: '0',
    reorderThreshold: '5',
    description: '',
    isBulk: false,
    packSize: '',
  };
}

/** A stored product as the form shows it, with the language's decimal separator. */
export function productFormValues(product: Product, separator: ',' | '.'): ProductFormValues {
  return {
    name: product.name,
    brand: product.brand,
    category: product.category,
    barcode: product.barcode ?? '',
    purchasePrice: decimalText(product.purchasePrice / 100, 2, separator),
    salePrice: decimalText(product.salePrice / 100, 2, separator),
    vat: String(product.vat) as ProductFormValues['vat'],
    stock: quantityText(product.stock, separator),
    reorderThreshold: quantityText(product.reorderThreshold, separator),
    description: product.description ?? '',
    isBulk: product.isBulk,
    packSize: product.packSize === undefined ? '' : quantityText(product.packSize, separator),
  };
}
