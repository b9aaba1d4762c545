// Ajouter un Produit / Modifier le Produit: react-hook-form with core's product rules through zod.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  MAX_AMOUNT_CENTIMES,
  MAX_QUANTITY,
  parseMadInput,
  VAT_RATES,
  type Product,
  type ProductDraft,
} from '@hanouti/core';
import type { ImageFeatures } from '@hanouti/recognition';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { saveProductFromForm, type PhotoChange } from '../../data/productEditing';
import { useCategories, useProducts, type PhotoBlobs } from '../../data/productsRepository';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { Input, NumberInput, Select } from '../Input';
import { Switch } from '../Switch';
import { toast } from '../toastStore';
import {
  checkNumberField,
  emptyProductForm,
  NUMBER_FIELDS,
  productFormSchema,
  productFormValues,
  type NumberField,
  type ProductFormValues,
} from './productForm';
import { applyPhotoReference, saveProductViews } from '../../data/referenceFeaturesRepository';
import {
  computedViews,
  NO_VIEW_CHANGE,
  ProductReferencesField,
  type MainPhoto,
  type ViewsDraft,
} from './ProductReferencesField';
import { ProductPhotoField } from './ProductPhotoField';

const FORM_ID = 'product-form';
const NEW_ENTRY = '__new__';
const SCANNER_INPUT = { autoComplete: 'off', enterKeyHint: 'next' } as const;

export interface ProductModalProps {
  /** The product to edit; none to add one. */
  product: Product | undefined;
  /** A barcode to fill in when adding (a code scanned at the till that no product has yet). */
  initialBarcode?: string;
  /**
   * A photo to start from when adding (a detection's crop in the photo sale's review): the product's photo, and
   * so its first reference view. With its features (already computed by the analysis), the reference is stored
   * as the product is saved, so recognition knows the product at once.
   */
  initialPhoto?: { photo: PhotoBlobs; features?: ImageFeatures };
  /** Called with the product once saved (before onClose). */
  onSaved?: (product: Product) => void;
  onClose: () => void;
}

type TextName = Exclude<keyof ProductFormValues, 'isBulk' | 'vat'>;

export function ProductModal({ product, initialBarcode, initialPhoto, onSaved, onClose }: ProductModalProps) {
  const { t, i18n } = useTranslation();
  const { t: tc } = useTranslation('ui', { keyPrefix: 'product' });
  const settings = useShopSettings();
  const format = useShopFormat();
  const categories = useCategories();
  const products = useProducts();
  const brands = useMemo(
    () =>
      [...new Set((products ?? []).map((item) => item.brand.trim()).filter(Boolean))].sort((a, b) =>
        a.localeCompare(b, i18n.language),
      ),
    [products, i18n.language],
  );
  const [defaultValues] = useState(() =>
    product
      ? productFormValues(product, i18n.language === 'fr' ? ',' : '.')
      : { ...emptyProductForm(settings.defaultVAT), barcode: initialBarcode ?? '' },
  );
  const form = useForm<ProductFormValues, unknown, ProductDraft>({
    resolver: zodResolver(productFormSchema),
    defaultValues,
  });
  const { control, formState, setValue, getValues, getFieldState } = form;
  const [photo, setPhoto] = useState<PhotoChange>(
    initialPhoto && !product ? { kind: 'replace', photo: initialPhoto.photo } : { kind: 'keep' },
  );
  const [views, setViews] = useState<ViewsDraft>(NO_VIEW_CHANGE);
  const mainPhoto: MainPhoto =
    photo.kind === 'replace'
      ? { kind: 'new', thumbnail: photo.photo.thumbnail }
      : photo.kind === 'keep' && product?.photoId
        ? { kind: 'stored', photoId: product.photoId }
        : undefined;
  const [notes, setNotes] = useState<Partial<Record<NumberField, { typed: string; tooLarge: boolean }>>>({});
  const isBulk = useWatch({ control, name: 'isBulk' });
  const [purchaseText, saleText] = useWatch({ control, name: ['purchasePrice', 'salePrice'] });
  const margin = parseMadInput(saleText).value - parseMadInput(purchaseText).value;
  /** The largest a number field may be, as the shop writes it (a price, or a quantity in units or kg). */
  const largest = (field: NumberField) =>
    field === 'purchasePrice' || field === 'salePrice'
      ? format.money(MAX_AMOUNT_CENTIMES)
      : format.quantity(MAX_QUANTITY, isBulk);

  /** Spec §5: an invalid number becomes 0; the field then says what was typed. Returns whether any did. */
  function normaliseNumber(field: NumberField): boolean {
    const check = checkNumberField(field, getValues(field), getValues('isBulk'));
    if (check.kind !== 'became-zero') return false;
    setValue(field, '0', { shouldDirty: true });
    setNotes((current) => ({
      ...current,
      [field]: { typed: check.typed, tooLarge: check.tooLarge === true },
    }));
    return true;
  }

  const save = form.handleSubmit(async (draft) => {
    // Views still being computed are waited for first (a failed one was taken out of the draft by the field).
    const added = await computedViews(views.added);
    try {
      const saved = await saveProductFromForm({
        draft,
        ...(product ? { productId: product.id } : {}),
        stockEdited: getFieldState('stock').isDirty,
        photo,
      });
      try {
        await saveProductViews(saved.id, added, views.removed);
        // The starting photo kept: its features are the ones the analysis computed, stored now rather than
        // computed again from the saved photo at the next analysis.
        const features = initialPhoto?.features;
        if (features && saved.photoId && photo.kind === 'replace' && photo.photo === initialPhoto.photo)
          await applyPhotoReference({
            productId: saved.id,
            photoId: saved.photoId,
            origin: 'photo',
            features,
          });
        toast({ title: tc('form.saved', { name: draft.name }), tone: 'success' });
      } catch (error) {
        console.error('Product views not saved', error);
        toast({ title: tc('references.saveFailed'), tone: 'error' });
      }
      onSaved?.(saved);
      onClose();
    } catch (error) {
      console.error('Product not saved', error);
      toast({ title: t('catalog.saveFailed'), tone: 'error' });
    }
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Numbers typed just before Enter are read now; if one became 0, the shopkeeper sees it before saving.
    const changed = NUMBER_FIELDS.map(normaliseNumber).some(Boolean);
    if (!changed) void save(event);
  }

  function errorText(name: keyof ProductFormValues, error: FieldError | undefined): string | undefined {
    if (!error) return undefined;
    if (name === 'name') return error.type === 'too_big' ? tc('form.tooLong') : tc('form.nameRequired');
    if (name === 'category')
      return error.type === 'too_big' ? tc('form.tooLong') : tc('form.categoryRequired');
    if (name === 'stock' && error.type === 'too_small') return t('inventory.stockCannotBeNegative');
    if (name === 'packSize') return tc('form.packSizeInvalid');
    if (error.type === 'too_big') return tc('form.tooLong');
    return tc('form.invalid');
  }

  function text(
    name: TextName,
    label: string,
    options: { hint?: string; numeric?: boolean; scannable?: boolean } = {},
  ) {
    const { hint, numeric = false, scannable = false } = options;
    const note = (NUMBER_FIELDS as readonly string[]).includes(name) ? notes[name as NumberField] : undefined;
    return (
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => {
          const props = {
            label,
            name: field.name,
            value: field.value,
            error: errorText(name, fieldState.error),
            hint:
              note !== undefined ? (
                <span className="text-saffron-700">
                  {note.tooLarge
                    ? tc('form.tooLargeBecameZero', { typed: note.typed, max: largest(name as NumberField) })
                    : tc('form.becameZero', { typed: note.typed })}
                </span>
              ) : (
                hint
              ),
            onChange: (event: { target: { value: string } }) => {
              if (note !== undefined) setNotes((current) => ({ ...current, [name]: undefined }));
              field.onChange(event.target.value);
            },
            onBlur: () => {
              if (numeric && name !== 'packSize') normaliseNumber(name as NumberField);
              field.onBlur();
            },
            // A barcode scanner types the code then Enter: the code is kept, the form is not sent yet.
            ...(scannable
              ? {
                  ...SCANNER_INPUT,
                  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
                    if (event.key === 'Enter') event.preventDefault();
                  },
                }
              : {}),
          };
          return numeric ? <NumberInput {...props} /> : <Input {...props} />;
        }}
      />
    );
  }

  const hasCategories = (categories ?? []).length > 0;
  const [typingCategory, setTypingCategory] = useState(false);
  const [typingBrand, setTypingBrand] = useState(false);
  const currency = settings.currency;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open || formState.isSubmitting ? undefined : onClose())}
      title={product ? t('catalog.editProduct') : t('catalog.addProduct')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={formState.isSubmitting}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} disabled={formState.isSubmitting}>
            {t('app.save')}
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={FORM_ID} noValidate onSubmit={submit} className="flex flex-col gap-4">
          <ProductPhotoField storedPhotoId={product?.photoId} change={photo} onChange={setPhoto} />
          <ProductReferencesField
            productId={product?.id}
            mainPhoto={mainPhoto}
            draft={views}
            onDraft={setViews}
          />
          {text('name', tc('form.name'))}
          <Controller
            control={control}
            name="category"
            render={({ field, fieldState }) =>
              hasCategories && !typingCategory ? (
                <Select
                  label={tc('form.category')}
                  value={field.value}
                  error={errorText('category', fieldState.error)}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    if (event.target.value === NEW_ENTRY) {
                      setTypingCategory(true);
                      field.onChange('');
                    } else field.onChange(event.target.value);
                  }}
                >
                  <option value="">{tc('form.chooseCategory')}</option>
                  {(categories ?? []).map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                  <option value={NEW_ENTRY}>{tc('form.newCategory')}</option>
                </Select>
              ) : (
                <div className="flex flex-col gap-1">
                  <Input
                    label={tc('form.category')}
                    hint={tc('form.newCategoryHint')}
                    value={field.value}
                    error={errorText('category', fieldState.error)}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.value)}
                  />
                  {hasCategories ? (
                    <Button
                      variant="ghost"
                      className="self-start"
                      onClick={() => {
                        setTypingCategory(false);
                        field.onChange('');
                      }}
                    >
                      {tc('form.pickFromList')}
                    </Button>
                  ) : null}
                </div>
              )
            }
          />
          <Controller
            control={control}
            name="brand"
            render={({ field }) =>
              brands.length > 0 && !typingBrand ? (
                <Select
                  label={tc('form.brand')}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    if (event.target.value === NEW_ENTRY) {
                      setTypingBrand(true);
                      field.onChange('');
                    } else field.onChange(event.target.value);
                  }}
                >
                  <option value="">{tc('form.noBrand')}</option>
                  {brands.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                  {field.value && !brands.includes(field.value) ? (
                    <option value={field.value}>{field.value}</option>
                  ) : null}
                  <option value={NEW_ENTRY}>{tc('form.newBrand')}</option>
                </Select>
              ) : (
                <div className="flex flex-col gap-1">
                  <Input
                    label={tc('form.brand')}
                    hint={tc('form.brandHint')}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(event.target.value)}
                  />
                  {brands.length > 0 ? (
                    <Button
                      variant="ghost"
                      className="self-start"
                      onClick={() => {
                        setTypingBrand(false);
                        field.onChange('');
                      }}
                    >
                      {tc('form.pickFromList')}
                    </Button>
                  ) : null}
                </div>
              )
            }
          />
          <Controller
            control={control}
            name="isBulk"
            render={({ field }) => (
              <Switch
                label={tc('form.isBulk')}
                hint={tc('form.isBulkHint')}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <div className="grid grid-cols-2 gap-3">
            {text(
              'purchasePrice',
              isBulk ? tc('form.purchasePriceKg', { currency }) : tc('form.purchasePrice', { currency }),
              { numeric: true },
            )}
            {text(
              'salePrice',
              isBulk ? tc('form.salePriceKg', { currency }) : tc('form.salePrice', { currency }),
              {
                numeric: true,
              },
            )}
          </div>
          <p className={margin < 0 ? 'text-sm font-medium text-red-700' : 'text-sm text-muted'}>
            {t('catalog.margin', { amount: format.money(margin) })}
          </p>
          <Controller
            control={control}
            name="vat"
            render={({ field }) => (
              <Select
                label={tc('form.vat')}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value)}
              >
                {VAT_RATES.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {tc('form.vatRate', { rate })}
                  </option>
                ))}
              </Select>
            )}
          />
          <div className="grid grid-cols-2 gap-3">
            {text('stock', isBulk ? tc('form.stockKg') : tc('form.stock'), { numeric: true })}
            {text('reorderThreshold', tc('form.reorderThreshold'), { numeric: true })}
          </div>
          {text('barcode', tc('form.barcode'), { hint: tc('form.barcodeHint'), scannable: true })}
          {text('packSize', tc('form.packSize'), { hint: tc('form.packSizeHint'), numeric: true })}
          {text('description', tc('form.description'))}
        </form>
      </FormProvider>
    </Dialog>
  );
}
