// One reviewed detection: the crop, its confidence badge, the chosen product with Changer, quantity, others.
import { clsx } from 'clsx';
import { Minus, PackagePlus, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConfidenceLevel } from '@hanouti/core';
import type { Candidate } from '@hanouti/recognition';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { USER_TEXT } from '../../../ui/bidi';
import { Button } from '../../../ui/Button';
import { IconButton } from '../../../ui/IconButton';
import { useBlobUrl } from '../../../ui/camera/usePhotoUrl';
import { mayBeUnknown, type ReviewItem } from './reviewItems';

const LEVEL_TONES: Record<ConfidenceLevel, BadgeTone> = { high: 'success', medium: 'warning', low: 'danger' };
const percent = (score: number) => Math.round(score * 100);

export function DetectionCard({
  item,
  number,
  onChange,
  onQuantity,
  onSuggestion,
  onRemove,
  onCreateProduct,
}: {
  item: ReviewItem;
  number: number;
  onChange: () => void;
  onQuantity: (quantity: number) => void;
  onSuggestion: (candidate: Candidate) => void;
  onRemove: () => void;
  /** "Produit inconnu ? Créer le produit": the product form with this crop as its photo. */
  onCreateProduct: () => void;
}) {
  const { t } = useTranslation('sale');
  const crop = useBlobUrl(item.crop);
  const title = item.productName ?? t('capture.noChoice');
  return (
    <li
      aria-label={title}
      className="flex flex-col gap-3 rounded-2xl bg-white p-3 text-ink shadow-sm ring-1 ring-line"
    >
      <div className="flex gap-3">
        <img
          src={crop}
          alt={t('capture.cropAlt', { number })}
          className="size-20 shrink-0 rounded-xl bg-stone-100 object-contain"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          {item.productId ? (
            // The badge describes the chosen product: the recogniser's level for it, or the shopkeeper's choice.
            <div className="flex items-center gap-2">
              {item.level ? (
                <Badge tone={LEVEL_TONES[item.level]}>{t(`capture.level.${item.level}`)}</Badge>
              ) : (
                <Badge tone="neutral">{t('capture.yourChoice')}</Badge>
              )}
              {item.score !== undefined ? (
                <span className="text-sm text-muted tabular-nums">
                  {t('capture.score', { percent: percent(item.score) })}
                </span>
              ) : null}
            </div>
          ) : null}
          {item.productId ? <p className="text-xs text-muted">{t('capture.chosen')}</p> : null}
          <p {...USER_TEXT} className="font-semibold break-words">
            {title}
          </p>
          {item.barcode && !item.productId ? (
            <p className="text-sm text-muted">
              {t('capture.codeRead')}{' '}
              <bdi dir="ltr" className="tabular-nums">
                {item.barcode}
              </bdi>
            </p>
          ) : null}
        </div>
        <IconButton label={t('capture.remove')} icon={<Trash2 />} tone="danger" onClick={onRemove} />
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button variant="secondary" className="px-3 text-sm" onClick={onChange}>
          {item.productId ? t('capture.change') : t('capture.choose')}
        </Button>
        <div className="flex items-center gap-1" role="group" aria-label={t('capture.quantity')}>
          <IconButton
            label={t('capture.decrease')}
            icon={<Minus />}
            disabled={item.quantity <= 1}
            onClick={() => onQuantity(item.quantity - 1)}
          />
          <output
            className="min-w-8 text-center text-lg font-semibold tabular-nums"
            aria-label={t('capture.quantity')}
          >
            {item.quantity}
          </output>
          <IconButton
            label={t('capture.increase')}
            icon={<Plus />}
            onClick={() => onQuantity(item.quantity + 1)}
          />
        </div>
      </div>
      {mayBeUnknown(item) ? (
        <Button
          variant="ghost"
          className="justify-start px-2 text-start text-sm"
          icon={<PackagePlus />}
          onClick={onCreateProduct}
        >
          {t('capture.unknownProduct')}
        </Button>
      ) : null}
      {item.suggestions.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <p className={clsx('text-xs', item.productId ? 'text-muted' : 'font-semibold text-ink')}>
            {item.productId ? t('capture.suggestions') : t('capture.pickOne')}
          </p>
          <div className="flex flex-wrap gap-2">
            {item.suggestions.map((candidate) => (
              <button
                key={candidate.product_id}
                type="button"
                onClick={() => onSuggestion(candidate)}
                className={clsx(
                  'min-h-11 max-w-full rounded-full px-3 text-sm font-medium ring-1 hover:bg-brand-100',
                  item.productId
                    ? 'bg-brand-50 text-brand-800 ring-brand-100'
                    : 'bg-white text-brand-800 ring-2 ring-brand-500',
                )}
              >
                <bdi className="break-words">{candidate.product_name}</bdi>{' '}
                <span className="text-muted tabular-nums">
                  {t('capture.score', { percent: percent(candidate.score) })}
                </span>
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </li>
  );
}
