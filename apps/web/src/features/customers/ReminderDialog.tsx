// Relancer: a polite reminder of what is owed, with the latest entries, sent over WhatsApp (wa.me link to the
// +212 number) or the share sheet, in French or Arabic; each one sent is logged on the customer. Several
// customers (the filtered list) are reminded one after another.
import { clsx } from 'clsx';
import { Check, MessageCircle, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lastReminder, SUPPORTED_LANGUAGES, type Language } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { useShopSettings } from '../../app/useShopSettings';
import { recordReminder, useCustomer } from '../../data/customersRepository';
import { directionOf, isLanguage } from '../../i18n/i18n';
import { Button, buttonClasses } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { withIsolatedName } from '../../ui/IsolatedName';
import { toast } from '../../ui/toastStore';
import { reminderFor } from './reminderWords';
import { shareText } from './shareText';
import { useCustomerHistory } from './useCustomerHistory';

const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', ar: 'العربية' };

export function ReminderDialog({
  queue,
  onClose,
}: {
  /** The customers to remind, in order (one, or the filtered list). Empty: closed. */
  queue: readonly string[];
  onClose: () => void;
}) {
  const { i18n } = useTranslation();
  const [index, setIndex] = useState(0);
  const [language, setLanguage] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'fr');
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const open = queue.length > 0;
  const customerId = queue[Math.min(index, queue.length - 1)];

  function close() {
    setIndex(0);
    setSent(new Set());
    onClose();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={<ReminderTitle customerId={customerId} />}
    >
      {customerId ? (
        <ReminderBody
          key={customerId}
          customerId={customerId}
          position={{ index, count: queue.length }}
          language={language}
          onLanguage={setLanguage}
          sent={sent.has(customerId)}
          onSent={() => setSent((current) => new Set([...current, customerId]))}
          onNext={() => (index + 1 < queue.length ? setIndex(index + 1) : close())}
        />
      ) : null}
    </Dialog>
  );
}

function ReminderTitle({ customerId }: { customerId: string | undefined }) {
  const { t } = useTranslation('customers');
  const customer = useCustomer(customerId);
  return <>{withIsolatedName((name) => t('reminder.title', { name }), customer?.name ?? '')}</>;
}

function ReminderBody({
  customerId,
  position,
  language,
  onLanguage,
  sent,
  onSent,
  onNext,
}: {
  customerId: string;
  position: { index: number; count: number };
  language: Language;
  onLanguage: (language: Language) => void;
  sent: boolean;
  onSent: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('customers');
  const format = useShopFormat();
  const { storeName, currency } = useShopSettings();
  const customer = useCustomer(customerId);
  const history = useCustomerHistory(customerId);
  if (!customer || !history) return null;

  const reminder = reminderFor(customer, history, { storeName, currency }, language);
  const last = lastReminder(customer);
  const isLast = position.index + 1 >= position.count;

  async function logSent() {
    try {
      await recordReminder(customerId);
      onSent();
      toast({ tone: 'success', title: t('reminder.sentTo', { name: customer?.name ?? '' }) });
    } catch (error) {
      console.error('Reminder not logged', error);
      toast({ tone: 'error', title: t('reminder.failed') });
    }
  }

  async function share() {
    const outcome = await shareText({
      title: t('reminder.title', { name: customer?.name ?? '' }),
      text: reminder.message,
    });
    if (outcome === 'shared' || outcome === 'copied') await logSent();
    if (outcome === 'copied') toast({ tone: 'success', title: t('statementCopied') });
    if (outcome === 'failed') toast({ tone: 'error', title: t('statementFailed') });
  }

  return (
    <div className="flex flex-col gap-3">
      {position.count > 1 ? (
        <p className="text-sm font-semibold text-brand-800" data-testid="reminder-progress">
          {t('reminder.progress', { index: position.index + 1, count: position.count })}
        </p>
      ) : null}
      <p className="flex items-baseline justify-between gap-2 rounded-xl bg-canvas px-3 py-2">
        <span className="text-muted">{t('balanceDue')}</span>
        <span className="text-lg font-bold text-red-700 tabular-nums">
          {format.money(customer.creditBalance)}
        </span>
      </p>
      <p className="text-sm text-muted" data-testid="reminder-last">
        {last
          ? `${t('reminder.last', { date: format.dateTime(last) })} · ${t('reminder.times', {
              count: customer.remindedAt?.length ?? 0,
            })}`
          : t('reminder.never')}
      </p>
      <div role="group" aria-label={t('reminder.language')} className="flex items-center gap-1.5">
        <span className="text-sm font-medium text-muted">{t('reminder.language')}</span>
        {SUPPORTED_LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={code === language}
            onClick={() => onLanguage(code)}
            className={
              code === language
                ? 'min-h-9 rounded-full bg-brand-600 px-3 text-sm font-semibold text-white'
                : 'min-h-9 rounded-full bg-white px-3 text-sm font-medium text-brand-800 ring-1 ring-line'
            }
          >
            {LANGUAGE_NAMES[code]}
          </button>
        ))}
      </div>
      <div>
        <p className="mb-1 text-sm font-medium text-muted">{t('reminder.message')}</p>
        <p
          data-testid="reminder-message"
          lang={language}
          dir={directionOf(language)}
          className="max-h-56 overflow-y-auto rounded-xl bg-emerald-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-ink ring-1 ring-emerald-100"
        >
          {reminder.message}
        </p>
      </div>
      {reminder.ok ? (
        <p className="text-sm text-muted">
          {t('reminder.whatsAppTo')}{' '}
          <span dir="ltr" className="font-medium text-ink tabular-nums" data-testid="reminder-phone">
            {reminder.phone}
          </span>
        </p>
      ) : (
        <p role="alert" className="rounded-xl bg-saffron-50 px-3 py-2 text-sm font-medium text-saffron-800">
          {reminder.error === 'no-phone'
            ? t('reminder.noPhone', { name: customer.name })
            : t('reminder.invalidPhone', { phone: customer.phone })}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2 border-t border-line pt-3">
        {reminder.ok ? (
          <a
            href={reminder.link}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => void logSent()}
            className={clsx(
              buttonClasses('primary', 'md', true),
              'col-span-2 gap-2 bg-emerald-700 hover:bg-emerald-800',
            )}
          >
            <MessageCircle aria-hidden="true" className="size-5 shrink-0" />
            {t('reminder.sendWhatsApp')}
          </a>
        ) : null}
        <Button variant="secondary" icon={<Share2 />} onClick={() => void share()}>
          {t('reminder.share')}
        </Button>
        <Button variant={sent ? 'primary' : 'ghost'} icon={sent ? <Check /> : undefined} onClick={onNext}>
          {isLast ? t('reminder.finish') : sent ? t('reminder.next') : t('reminder.skip')}
        </Button>
      </div>
    </div>
  );
}
