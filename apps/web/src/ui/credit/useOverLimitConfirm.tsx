// Asks before an entry takes a customer past their credit limit, naming the amount over; answers yes or no.
import { TriangleExclamationPoint } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountOverLimit, type Centimes, type Customer } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { withIsolatedName } from '../IsolatedName';

type Question = { customer: Customer; amount: Centimes; over: Centimes; answer: (yes: boolean) => void };

/**
 * `confirm(customer, amount)` resolves true at once when the entry stays within the limit (or there is
 * none); otherwise it shows the confirmation and resolves with the shopkeeper's answer. Render `dialog`.
 */
export function useOverLimitConfirm() {
  const { t } = useTranslation('ui', { keyPrefix: 'credit' });
  const { t: tApp } = useTranslation();
  const format = useShopFormat();
  const [question, setQuestion] = useState<Question>();
  const pending = useRef<Question>(undefined);

  const confirm = useCallback((customer: Customer, amount: Centimes): Promise<boolean> => {
    const over = amountOverLimit(customer, amount);
    if (over === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const asked: Question = {
        customer,
        amount,
        over,
        answer: (yes) => {
          pending.current = undefined;
          setQuestion(undefined);
          resolve(yes);
        },
      };
      pending.current?.answer(false);
      pending.current = asked;
      setQuestion(asked);
    });
  }, []);

  const dialog = (
    <Dialog
      open={question !== undefined}
      onOpenChange={(open) => {
        if (!open) question?.answer(false);
      }}
      title={t('overLimitTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={() => question?.answer(false)}>
            {tApp('app.cancel')}
          </Button>
          <Button variant="danger" onClick={() => question?.answer(true)}>
            {t('overLimitConfirm')}
          </Button>
        </>
      }
    >
      {question ? (
        <div className="flex flex-col gap-3" data-testid="over-limit">
          <p className="text-ink">
            {withIsolatedName(
              (name) =>
                t('overLimitBody', {
                  name,
                  amount: format.money(question.amount),
                  balance: format.money(question.customer.creditBalance + question.amount),
                  limit: format.money(question.customer.creditLimit ?? 0),
                }),
              question.customer.name,
            )}
          </p>
          <p
            className="flex items-center gap-2 rounded-xl bg-red-50 px-3 py-2 text-lg font-bold text-red-800 tabular-nums"
            data-testid="over-limit-amount"
          >
            <TriangleExclamationPoint className="size-5 shrink-0" aria-hidden="true" />
            {t('overLimitAmount', { amount: format.money(question.over) })}
          </p>
        </div>
      ) : null}
    </Dialog>
  );

  return { confirm, dialog };
}
