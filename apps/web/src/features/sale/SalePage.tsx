// Nouvelle Vente: the cart being rung up — add by search, barcode or weight, customer and payment, then the ticket.
import { Camera, ReceiptText, Scale, Search, ShoppingCart, Trash2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addProductToCart,
  cartSummary,
  MAX_AMOUNT_CENTIMES,
  MAX_SALE_LINES,
  setCartCustomer,
  setLineQuantity,
  setPaymentMethod,
  type Cart,
  type CartLine,
  type Product,
} from '@hanouti/core';
import { navigate } from '../../app/navigation';
import { useShopFormat } from '../../app/useShopFormat';
import { ReceiptPageLazy } from '../../app/receiptPage';
import { holdBackgroundWork } from '../../data/backgroundWork';
import { completeSale, type CompleteSaleError } from '../../data/checkoutRepository';
import { useCustomers } from '../../data/customersRepository';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { toast } from '../../ui/toastStore';
import { cameraAllowed } from '../../ui/camera/cameraPermission';
import { useOverLimitConfirm } from '../../ui/credit/useOverLimitConfirm';
import { AddProductSheet } from './AddProductSheet';
import { AiPhotoButton } from './AiPhotoButton';
import { BulkSaleDialog } from './BulkSaleDialog';
import { CartLineRow } from './CartLineRow';
import { CartTotals } from './CartTotals';
import { clearCart, readCart, useCart } from './cartStorage';
import { CustomerPayment } from './CustomerPayment';
import { productForBarcode } from './productForBarcode';
import { useBarcodeWedge } from './useBarcodeWedge';

// The photo flow (camera, recognition) is its own chunk, fetched when the sale screen first opens it.
const CaptureFlow = lazy(async () => ({ default: (await import('./capture/CaptureFlow')).CaptureFlow }));

/** Lines handed back by the photo flow: a product already in the cart gets the quantities added. */
function withLines(cart: Cart, lines: readonly CartLine[]): Cart {
  let next = cart;
  for (const line of lines) {
    const existing = next.lines.find((candidate) => candidate.productId === line.productId);
    next = existing
      ? setLineQuantity(next, line.productId, existing.quantity + line.quantity)
      : { ...next, lines: [...next.lines, line] };
  }
  return next;
}

type Bulk = { open: boolean; productId?: string };

/** A save slower than this shows the checkout button busy. */
const SHOW_BUSY_AFTER_MS = 150;

export function SalePage() {
  const { t } = useTranslation('sale');
  const { t: tShell } = useTranslation();
  const { cart, corrupt, update } = useCart();
  const format = useShopFormat();
  const customers = useCustomers();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [bulk, setBulk] = useState<Bulk>({ open: false });
  const [captureOpen, setCaptureOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  const reasonId = useId();
  const summary = useMemo(() => cartSummary(cart), [cart]);
  const overLimit = useOverLimitConfirm();

  useEffect(() => {
    if (!corrupt) return;
    // Rewrites the cart without the unreadable lines, once, and says so.
    update((current) => current);
    toast({ tone: 'info', title: t('restoredCorrupt') });
  }, [corrupt, update, t]);

  // The receipt's code is fetched while the cart is rung up, not after the tap on "Valider"; the daily
  // check of the large tables waits meanwhile (it would share the main thread and the database with the sale).
  useEffect(() => {
    ReceiptPageLazy.preload();
    return holdBackgroundWork();
  }, []);

  // Capture-first: a new sale (empty cart) opens on the camera, where barcodes are read live and photos
  // taken; a sale in progress opens on its cart (docs/decisions.md).
  useEffect(() => {
    let current = true;
    void cameraAllowed().then((allowed) => {
      if (current && allowed && readCart().cart.lines.length === 0) setCaptureOpen(true);
    });
    return () => {
      current = false;
    };
  }, []);

  const add = (product: Product) => update((current) => addProductToCart(current, product));
  const openBulk = (productId?: string) => {
    setSheetOpen(false);
    setBulk({ open: true, ...(productId ? { productId } : {}) });
  };

  const scan = async (code: string): Promise<boolean> => {
    const product = await productForBarcode(code);
    if (!product) {
      toast({ tone: 'error', title: t('barcodeNotFound', { code }) });
      return false;
    }
    if (product.isBulk) openBulk(product.id);
    else {
      add(product);
      toast({ tone: 'success', title: t('added', { name: product.name }) });
    }
    return true;
  };
  useBarcodeWedge((code) => void scan(code));

  const errorMessage = (error: CompleteSaleError): string | undefined => {
    switch (error) {
      case 'empty-cart':
        return undefined;
      case 'no-valid-items':
        return tShell('sale.noValidItems');
      case 'credit-needs-customer':
        return t('creditNeedsCustomer');
      case 'customer-not-found':
        return t('customerNotFound');
      case 'save-failed':
        return t('saveFailed');
      case 'sale-too-large':
        return t('saleTooLarge', {
          amount: format.money(MAX_AMOUNT_CENTIMES),
          lines: format.count(MAX_SALE_LINES),
        });
    }
  };

  const checkout = async () => {
    if (saving.current || cart.lines.length === 0) return;
    // A second tap is refused by the ref, not by a render: React renders a state set in a tap before the
    // event returns, so `setBusy(true)` here re-rendered the whole screen (its 1,000 customers) before the
    // sale's transaction even started (Dexie opens it in a microtask): tens of ms of every tap on a large
    // shop. The button shows busy only when the save is slow.
    saving.current = true;
    const showBusy = window.setTimeout(() => setBusy(true), SHOW_BUSY_AFTER_MS);
    try {
      // A sale on the carnet past the customer's limit is completed only once the shopkeeper confirms it.
      const onCarnet =
        cart.paymentMethod === 'credit' ? customers?.find((c) => c.id === cart.customerId) : undefined;
      if (onCarnet && !(await overLimit.confirm(onCarnet, summary.total))) return;
      const result = await completeSale(cart);
      if (result.ok) {
        clearCart();
        navigate('receipt', result.sale.id);
        return;
      }
      if (result.error === 'customer-not-found') update((current) => setCartCustomer(current, undefined));
      const message = errorMessage(result.error);
      if (message) toast({ tone: 'error', title: message });
    } finally {
      window.clearTimeout(showBusy);
      saving.current = false;
      setBusy(false);
    }
  };

  const creditWithoutCustomer = cart.paymentMethod === 'credit' && !cart.customerId;
  const openCapture = () => setCaptureOpen(true);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <div className="grid grid-cols-3 gap-2">
          <AiPhotoButton
            onOpen={openCapture}
            icon={<Camera />}
            reasonId={reasonId}
            className="flex-col px-2 text-sm"
          />
          <Button className="flex-col px-2 text-sm" icon={<Search />} onClick={() => setSheetOpen(true)}>
            {t('addSearch')}
          </Button>
          <Button
            className="flex-col px-2 text-sm"
            variant="secondary"
            icon={<Scale />}
            onClick={() => openBulk()}
          >
            {t('bulk')}
          </Button>
        </div>
      </div>

      <Card
        title={tShell('sale.cart')}
        icon={<ShoppingCart />}
        action={
          cart.lines.length > 0 ? (
            <span className="text-sm font-medium text-muted">{t('lines', { count: summary.lineCount })}</span>
          ) : undefined
        }
      >
        {cart.lines.length === 0 ? (
          <EmptyState
            icon={<ShoppingCart />}
            title={tShell('sale.emptyCart')}
            description={t('emptyCartHint')}
          />
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-line" aria-label={tShell('sale.cart')}>
              {summary.lines.map((line) => (
                <CartLineRow
                  key={line.productId}
                  line={line}
                  onQuantity={(quantity) =>
                    update((current) => setLineQuantity(current, line.productId, quantity))
                  }
                />
              ))}
            </ul>
            <Button
              variant="ghost"
              icon={<Trash2 />}
              className="mt-1 text-red-700"
              onClick={() => update((current) => ({ ...current, lines: [] }))}
            >
              {t('clearCart')}
            </Button>
          </>
        )}
      </Card>

      <Card title={t('customerAndPayment')}>
        <CustomerPayment
          cart={cart}
          customers={customers ?? []}
          onCustomer={(id) => update((current) => setCartCustomer(current, id))}
          onPayment={(method) => update((current) => setPaymentMethod(current, method))}
        />
      </Card>

      {/* The till: total and checkout stay in view above the bottom bar however long the cart. */}
      <Card
        aria-label={t('till')}
        className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-(--layer-sticky) p-3 shadow-raised"
      >
        <CartTotals summary={summary} />
        <Button
          size="lg"
          fullWidth
          className="mt-2"
          icon={<ReceiptText />}
          disabled={busy || cart.lines.length === 0 || creditWithoutCustomer}
          onClick={() => void checkout()}
        >
          {t('toTicket')}
        </Button>
      </Card>

      <AddProductSheet
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        cart={cart}
        onAdd={add}
        onBulk={(product) => openBulk(product.id)}
        onScan={scan}
        onAiPhoto={() => {
          setSheetOpen(false);
          openCapture();
        }}
      />
      <BulkSaleDialog
        open={bulk.open}
        onOpenChange={(open) => setBulk((current) => ({ ...current, open }))}
        cart={cart}
        {...(bulk.productId ? { initialProductId: bulk.productId } : {})}
        onCart={(next) => update(() => next)}
      />
      {overLimit.dialog}
      {captureOpen ? (
        <Suspense fallback={null}>
          <CaptureFlow
            onLines={(lines) => {
              update((current) => withLines(current, lines));
              setCaptureOpen(false);
            }}
            onClose={() => setCaptureOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
