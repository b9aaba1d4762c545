// The ticket on screen (and on paper through the browser's print): the same document the printer gets.
import { clsx } from 'clsx';
import type { TicketDocument } from '../../printing/ticketDocument';
import { USER_TEXT } from '../../ui/bidi';

export function TicketView({
  document,
  logoUrl,
  logoLabel,
  className,
}: {
  document: TicketDocument;
  logoUrl?: string;
  logoLabel: string;
  className?: string;
}) {
  return (
    <article
      className={clsx(
        'ticket rounded-2xl bg-white px-5 py-6 text-ink shadow-card ring-1 ring-line/60',
        className,
      )}
    >
      {document.lines.map((line, index) => {
        const key = `${line.kind}-${index}`;
        switch (line.kind) {
          case 'logo':
            return logoUrl ? (
              <img key={key} src={logoUrl} alt={logoLabel} className="mx-auto mb-2 max-h-20 object-contain" />
            ) : null;
          case 'title':
            return (
              <p key={key} className="text-center text-xl font-bold break-words">
                {line.text}
              </p>
            );
          case 'text':
            return (
              <p
                key={key}
                className={clsx(
                  'text-center break-words',
                  line.strong ? 'mt-1 font-semibold' : 'text-sm text-muted',
                )}
              >
                <bdi dir={line.ltr ? 'ltr' : undefined}>{line.text}</bdi>
              </p>
            );
          case 'item':
            return (
              <div key={key} className="py-1">
                {/* A name of one long word (a sheet's column, a code) wraps inside the ticket, never widens it. */}
                <p {...USER_TEXT} className="font-medium break-words">
                  {line.name}
                </p>
                <p className="flex justify-between gap-3 text-sm text-muted tabular-nums">
                  <bdi>{line.detail}</bdi>
                  <bdi className="font-semibold text-ink">{line.amount}</bdi>
                </p>
              </div>
            );
          case 'amount':
            return (
              <p
                key={key}
                className={clsx(
                  'flex justify-between gap-3',
                  line.strong ? 'text-xl font-bold' : 'text-muted',
                )}
              >
                <span>{line.label}</span>
                <bdi className="tabular-nums">{line.amount}</bdi>
              </p>
            );
          case 'rule':
            return <hr key={key} className="my-3 border-dashed border-line" />;
          case 'gap':
            return <div key={key} className="h-2" />;
        }
        return null;
      })}
    </article>
  );
}
