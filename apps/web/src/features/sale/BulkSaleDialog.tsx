// Vente en vrac: pick a bulk product, weigh it (kg, step 0.01), optional price per kg and lot, live total.
import { zodResolver } from '@hookform/resolvers/zod';
import { PackageOpen, Scale } from 'lucide-react';
import { useMemo } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addBulkToCart, MAX_QUANTITY, multiplyPrice, type Cart, type Product } from '@hanouti/core';
import { navigate } from '../../app/navigation';
import { useShopFormat } from '../../app/useShopFormat';
import { useProducts } from '../../data/productsRepository';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { Input, NumberInput, Select } from '../../ui/Input';
import {
  bulkSaleSchema,
  checkBulkSale,
  emptyBulkSale,
  type BulkSale,
  type BulkSaleValues,
} from './bulkSaleForm';

export function BulkSaleDialog({
  open,
  onOpenChange,
  cart,
  initialProductId,
  onCart,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cart: Cart;
  initialProductId?: string;
  onCart: (cart: Cart, product: Product) => void;
}) {
  const { t } = useTranslation('sale');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('bulkDialog.title')}>
      <BulkContent
        cart={cart}
        {...(initialProductId ? { initialProductId } : {})}
        onCart={(next, product) => {
          onCart(next, product);
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}

/** Mounted only while the dialog is open: the catalogue is read when a weighing starts, not on every sale. */
function BulkContent({
  cart,
  initialProductId,
  onCart,
}: {
  cart: Cart;
  initialProductId?: string;
  onCart: (cart: Cart, product: Product) => void;
}) {
  const { t } = useTranslation('sale');
  const catalogue = useProducts();
  const products = useMemo(() => catalogue?.filter((product) => product.isBulk), [catalogue]);
  if (!products) return null;
  if (products.length === 0) {
    return (
      <EmptyState
        icon={<PackageOpen />}
        title={t('bulkDialog.emptyTitle')}
        description={t('bulkDialog.emptyHint')}
        action={
          <Button variant="secondary" onClick={() => navigate('catalog')}>
            {t('bulkDialog.toCatalog')}
          </Button>
        }
      />
    );
  }
  return (
    <BulkSaleForm
      products={products}
      cart={cart}
      initialProductId={initialProductId ?? products[0]?.id ?? ''}
      onCart={onCart}
    />
  );
}

function BulkSaleForm({
  products,
  cart,
  initialProductId,
  onCart,
}: {
  products: readonly Product[];
  cart: Cart;
  initialProductId: string;
  onCart: (cart: Cart, product: Product) => void;
}) {
  const { t } = useTranslation('sale');
  const format = useShopFormat();
  const { register, handleSubmit, setValue, setError, clearErrors, control, formState } = useForm<
    BulkSaleValues,
    unknown,
    BulkSale
  >({ resolver: zodResolver(bulkSaleSchema), defaultValues: emptyBulkSale(initialProductId) });
  // The weight and the price are checked as they are typed, by the rules the submit applies.
  const values = useWatch({ control }) as BulkSaleValues;
  const { sale, problems } = checkBulkSale(values);
  const { field: createLot } = useController({ control, name: 'createLot' });
  const product = products.find((candidate) => candidate.id === values.productId);
  const canAdd = product !== undefined && sale !== undefined;
  const pricePerKg = sale?.pricePerKg ?? product?.salePrice;
  const total = canAdd && pricePerKg !== undefined ? multiplyPrice(pricePerKg, sale.weightKg) : 0;
  // Any change takes back the cart's refusal.
  const field = (name: 'weight' | 'price' | 'lot') => register(name, { onChange: () => clearErrors('root') });

  const add = handleSubmit(({ weightKg, pricePerKg: price, lot }) => {
    if (!product) return;
    const result = addBulkToCart(cart, product, weightKg, price, lot);
    if (!result.ok) {
      setError('root', {
        message:
          result.error === 'price-differs-from-cart-line'
            ? t('bulkDialog.priceDiffers')
            : result.error === 'weight-too-large'
              ? t('bulkDialog.weightTooLarge', { max: format.count(MAX_QUANTITY) })
              : t('bulkDialog.priceInvalid'),
      });
      return;
    }
    // Spec: a lot name is only logged.
    if (lot) console.info('Lot de vente en vrac', { product: product.name, lot, weightKg });
    onCart(result.cart, product);
  });

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void add(event)}>
      <Select
        label={t('bulkDialog.product')}
        {...register('productId', {
          onChange: () => {
            clearErrors('root');
            setValue('price', '');
          },
        })}
      >
        {product ? null : <option value="">{t('bulkDialog.chooseProduct')}</option>}
        {products.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </Select>
      <NumberInput
        label={t('bulkDialog.weight')}
        hint={t('bulkDialog.weightHint')}
        error={problems.weight === 'weightInvalid' ? t('bulkDialog.weightInvalid') : undefined}
        step="0.01"
        autoFocus
        {...field('weight')}
      />
      <NumberInput
        label={t('bulkDialog.price')}
        hint={product ? t('bulkDialog.priceHint', { price: format.money(product.salePrice) }) : undefined}
        error={problems.price ? t('bulkDialog.priceInvalid') : undefined}
        step="0.01"
        {...field('price')}
      />
      <Checkbox
        label={t('bulkDialog.createLot')}
        checked={createLot.value}
        onCheckedChange={(next) => {
          clearErrors('root');
          createLot.onChange(next);
        }}
      />
      {values.createLot ? <Input label={t('bulkDialog.lotName')} maxLength={100} {...field('lot')} /> : null}
      <p className="text-xl font-bold text-ink tabular-nums" aria-live="polite" data-testid="bulk-total">
        {t('bulkDialog.total', { amount: format.money(total) })}
      </p>
      {formState.errors.root ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formState.errors.root.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" icon={<Scale />} disabled={!canAdd}>
        {t('bulkDialog.add')}
      </Button>
    </form>
  );
}
