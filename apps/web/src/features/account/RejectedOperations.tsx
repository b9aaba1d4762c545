// "À vérifier": this phone's changes the server refused for good, kept here so the shopkeeper can redo them.
import { TriangleAlert } from 'lucide-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/Card';
import { listRejectedOperations } from '../../data/syncReview';

export function RejectedOperations() {
  const { t, i18n } = useTranslation('account');
  const rejected = useLiveQuery(listRejectedOperations);
  if (!rejected || rejected.length === 0) return null;
  const format = new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-MA' : 'fr-MA', {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return (
    <Card title={t('toReview')} icon={<TriangleAlert />}>
      <p className="mb-3 text-sm text-muted">{t('toReviewHelp')}</p>
      <ul className="flex flex-col gap-2" aria-label={t('toReview')}>
        {rejected.map((op) => (
          <li key={op.opId} className="rounded-xl bg-red-50 px-3 py-2 text-sm ring-1 ring-red-200">
            <span className="font-semibold text-ink">{t(`types.${op.type}`)}</span>
            <span className="text-muted"> · {format.format(new Date(op.at))}</span>
            <br />
            <span className="text-red-800">{t(`reasons.${reasonKey(op.error)}`)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const REASONS = [
  'invalid-payload',
  'totals-mismatch',
  'movement-mismatch',
  'credit-mismatch',
  'record-conflict',
  'seq-reused',
  'data-refused',
  'owner-only',
  'operation-conflict',
] as const;

function reasonKey(error: string | undefined): (typeof REASONS)[number] {
  return REASONS.find((reason) => reason === error) ?? 'data-refused';
}
