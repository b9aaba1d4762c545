// Vente en vrac: pick a bulk product, weigh it (kg, step 0.01), optional price per kg and lot, live total.
import { PackageOpen, Scale } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addBulkToCart,
  multiplyPrice,
  parseMadInput,
  parseQuantityInput,
  type Cart,
  type Product,
} from '@hanouti/core';
import { navigate } from '../../app/navigation';
import { useShopFormat } from '../../app/useShopFormat';
import { useProducts } from '../../data/productsRepository';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { Input, NumberInput, Select } from '../../ui/Input';

export type BulkForm = { productId: string; weight: string; price: string; createLot: boolean; lot: string };

export function emptyBulkForm(productId = ''): BulkForm {
  return { productId, weight: '', price: '', createLot: false, lot: '' };
}

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
    <BulkForm
      products={products}
      cart={cart}
      initialProductId={initialProductId ?? products[0]?.id ?? ''}
      onCart={onCart}
    />
  );
}

function BulkForm({
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
  const [form, setForm] = useState<BulkForm>(() => emptyBulkForm(initialProductId));
  const [refusal, setRefusal] = useState<string | undefined>();
  const product = products.find((candidate) => candidate.id === form.productId);

  const weight = parseQuantityInput(form.weight, true);
  const customPrice = form.price.trim() === '' ? undefined : parseMadInput(form.price);
  const priceInvalid = customPrice !== undefined && (customPrice.invalid || customPrice.value <= 0);
  const pricePerKg = customPrice && !priceInvalid ? customPrice.value : product?.salePrice;
  const canAdd = product !== undefined && !weight.invalid && weight.value > 0 && !priceInvalid;
  const total = canAdd && pricePerKg !== undefined ? multiplyPrice(pricePerKg, weight.value) : 0;

  const change = (patch: Partial<BulkForm>) => {
    setRefusal(undefined);
    setForm((current) => ({ ...current, ...patch }));
  };

  const add = () => {
    if (!canAdd) return;
    const lot = form.createLot ? form.lot.trim() : '';
    const result = addBulkToCart(cart, product, weight.value, customPrice?.value, lot || undefined);
    if (!result.ok) {
      setRefusal(
        result.error === 'price-differs-from-cart-line'
          ? t('bulkDialog.priceDiffers')
          : t('bulkDialog.priceInvalid'),
      );
      return;
    }
    // Spec: a lot name is only logged.
    if (lot) console.info('Lot de vente en vrac', { product: product.name, lot, weightKg: weight.value });
    onCart(result.cart, product);
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <Select
        label={t('bulkDialog.product')}
        value={form.productId}
        onChange={(event) => change({ productId: event.target.value, price: '' })}
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
        value={form.weight}
        onChange={(event) => change({ weight: event.target.value })}
        hint={t('bulkDialog.weightHint')}
        error={weight.invalid ? t('bulkDialog.weightInvalid') : undefined}
        step="0.01"
        autoFocus
      />
      <NumberInput
        label={t('bulkDialog.price')}
        value={form.price}
        onChange={(event) => change({ price: event.target.value })}
        hint={product ? t('bulkDialog.priceHint', { price: format.money(product.salePrice) }) : undefined}
        error={priceInvalid ? t('bulkDialog.priceInvalid') : undefined}
        step="0.01"
      />
      <Checkbox
        label={t('bulkDialog.createLot')}
        checked={form.createLot}
        onCheckedChange={(checked) => change({ createLot: checked })}
      />
      {form.createLot ? (
        <Input
          label={t('bulkDialog.lotName')}
          value={form.lot}
          maxLength={100}
          onChange={(event) => change({ lot: event.target.value })}
        />
      ) : null}
      <p className="text-xl font-bold text-ink tabular-nums" aria-live="polite" data-testid="bulk-total">
        {t('bulkDialog.total', { amount: format.money(total) })}
      </p>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" size="lg" icon={<Scale />} disabled={!canAdd}>
        {t('bulkDialog.add')}
      </Button>
    </form>
  );
}
