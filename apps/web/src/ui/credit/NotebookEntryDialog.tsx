// One entry on a notebook (a customer's carnet: Crédit / Paiement / Avance; a supplier's account: Paiement /
// Livraison): the balance now, the kind, an amount above 0 to the centime, a note, and what the balance becomes.
// The screen gives the words and writes the entry; this form checks what was typed and writes nothing itself.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_AMOUNT_CENTIMES, MAX_NOTE_LENGTH } from '@hanouti/core';
import { useShopFormat } from '../../app/useShopFormat';
import { FormDialog } from '../FormDialog';
import { Input } from '../Input';
import { toast } from '../toastStore';
import { AmountInput } from './AmountInput';
import { EntryKindChoice } from './EntryKindChoice';
import {
  notebookEntrySchema,
  readEntryAmount,
  type NotebookEntry,
  type NotebookEntryProblem,
  type NotebookEntryValues,
} from './notebookEntryForm';

export interface NotebookEntryKind<Kind extends string> {
  value: Kind;
  label: string;
  icon: ReactNode;
  /** One line under the kinds saying what this entry does to the balance. */
  hint: string;
  submitLabel: string;
  /** Money handed over (a payment) is saved with the accent button. */
  accent?: boolean;
  /** The note's own label when this kind asks for one (an advance says what it is for). */
  note?: { label: string; placeholder: string; required: boolean };
}

/**
 * The screen's answer to an entry: written, kept open (refused with a toast, or not confirmed), or a field's refusal
 * (its words, or one of the form's own codes: `boundRefusal`).
 */
export type NotebookEntrySaved = 'saved' | 'kept' | { field: 'amount' | 'description'; message: string };

export function NotebookEntryDialog<Kind extends string>({
  open,
  onClose,
  title,
  balance,
  kindsLabel,
  kinds,
  amountLabel,
  amountPlaceholder,
  descriptionLabel,
  descriptionPlaceholder,
  messages,
  preview,
  save,
  failedMessage,
  aside,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The balance before the entry, as a sentence. */
  balance: string;
  kindsLabel: string;
  /** The first kind is the one chosen when the dialog opens. */
  kinds: readonly [NotebookEntryKind<Kind>, ...NotebookEntryKind<Kind>[]];
  amountLabel: string;
  amountPlaceholder: string;
  descriptionLabel: string;
  descriptionPlaceholder: string;
  /**
   * The words of the form's checks; a note is asked only by a kind whose `note.required` is set. The bounds' words
   * (an amount or a note too large) are the dialog's own.
   */
  messages: { amountMustBePositive: string; noteRequired?: string };
  /** What the balance becomes, shown while typing (nothing is written); undefined for none. */
  preview: (kind: Kind, amount: number) => ReactNode;
  /** Writes the entry (its success toast included); a thrown error shows `failedMessage`. */
  save: (entry: NotebookEntry<Kind>) => Promise<NotebookEntrySaved>;
  failedMessage: string;
  aside?: ReactNode;
}) {
  const { t } = useTranslation('ui', { keyPrefix: 'credit' });
  const format = useShopFormat();
  const words: Partial<Record<NotebookEntryProblem, string>> = {
    ...messages,
    amountTooLarge: t('amountTooLarge', { max: format.money(MAX_AMOUNT_CENTIMES) }),
    noteTooLong: t('noteTooLong', { max: format.count(MAX_NOTE_LENGTH) }),
  };
  const values = kinds.map((kind) => kind.value) as [Kind, ...Kind[]];
  const kindOf = (value: Kind) => kinds.find((kind) => kind.value === value) ?? kinds[0];
  // A screen's kinds never change while its dialog lives: the rules are made once.
  const [schema] = useState(() =>
    notebookEntrySchema(values, (value) => kindOf(value).note?.required === true),
  );
  const initial: NotebookEntryValues = { kind: kinds[0].value, amount: '', description: '' };
  const { register, handleSubmit, reset, setError, clearErrors, control, formState } = useForm<
    NotebookEntryValues,
    unknown,
    NotebookEntry<Kind>
  >({
    resolver: zodResolver(schema),
    defaultValues: initial,
    // A field's message stays until that field is typed in again, or another kind is chosen.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;
  const { field: kindField } = useController({ control, name: 'kind' });
  const amountText = useWatch({ control, name: 'amount' });
  const chosen = kindOf(kindField.value as Kind);
  const amount = readEntryAmount(amountText);
  const after = amount === undefined ? undefined : preview(chosen.value, amount);
  const message = (field: 'amount' | 'description') => {
    // The form's own checks leave a code; the screen's refusals (setError below) leave their words.
    const code = errors[field]?.message;
    return code ? (words[code as NotebookEntryProblem] ?? code) : undefined;
  };
  const field = (name: 'amount' | 'description') => register(name, { onChange: () => clearErrors(name) });

  function close() {
    reset(initial);
    onClose();
  }

  const submit = handleSubmit(async (entry) => {
    try {
      const answer = await save(entry);
      if (answer === 'saved') close();
      else if (answer !== 'kept') setError(answer.field, { message: answer.message });
    } catch (failure) {
      console.error('Notebook entry not saved', failure);
      toast({ title: failedMessage, tone: 'error' });
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={title}
      submitLabel={chosen.submitLabel}
      submitVariant={chosen.accent ? 'accent' : 'primary'}
      busy={isSubmitting}
      onSubmit={(event) => void submit(event)}
      aside={aside}
    >
      <p className="rounded-xl bg-canvas px-3 py-2 font-medium tabular-nums">{balance}</p>
      <EntryKindChoice
        label={kindsLabel}
        kinds={kinds}
        value={kindField.value}
        onValueChange={(next) => {
          kindField.onChange(next);
          clearErrors();
        }}
      />
      <p className="text-sm text-muted">{chosen.hint}</p>
      <AmountInput
        label={amountLabel}
        placeholder={amountPlaceholder}
        error={message('amount')}
        {...field('amount')}
      />
      <Input
        label={chosen.note?.label ?? descriptionLabel}
        maxLength={500}
        placeholder={chosen.note?.placeholder ?? descriptionPlaceholder}
        error={message('description')}
        {...field('description')}
      />
      {after ? (
        <div className="flex flex-col gap-1 rounded-xl bg-brand-50 px-3 py-2 tabular-nums" aria-live="polite">
          {after}
        </div>
      ) : null}
    </FormDialog>
  );
}
