// An amount that never breaks inside its figure: the figure stays on one line and shrinks to fit its box,
// and only the gap before (or after) the currency may wrap.
import type { CSSProperties } from 'react';
import type { MoneyParts } from '../app/useShopFormat';

/**
 * A conservative width of one character of the figure, in em: Inter's bold tabular digits are ≈ 0.6 em,
 * its group and decimal signs narrower. The figure's font size is capped so that all its characters fit
 * the box's inline size (container query units): 9.999.999,99 fits a half-width card at 360 px.
 */
const CHAR_EM = 0.64;

export function MoneyFigure({ parts, fit = false }: { parts: MoneyParts; fit?: boolean }) {
  const { figure, currency, currencyFirst } = parts;
  const figureStyle: CSSProperties | undefined = fit
    ? { fontSize: `min(1em, calc(100cqi / ${(figure.length * CHAR_EM).toFixed(2)}))` }
    : undefined;
  const currencyText = (
    <span className="text-[0.75em] whitespace-nowrap" data-money-currency>
      {currency}
    </span>
  );
  // The whole amount is one label for screen readers; its parts are laid out for the eye.
  return (
    <span className={fit ? 'block @container' : undefined}>
      {currencyFirst ? <>{currencyText} </> : null}
      <span className="whitespace-nowrap tabular-nums" style={figureStyle} data-money-figure>
        {figure}
      </span>
      {currencyFirst ? null : <> {currencyText}</>}
    </span>
  );
}
