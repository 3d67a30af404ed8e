import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { BasketLine, CatalogueItem, KioskBasket } from '../../src-main/ipc/contract';
import { kioskOutcomeHeadline } from '../components/kiosk-outcome';
import { formatMoney } from '../format/money';
import { usePos, usePosActions } from '../store/use-pos';
import { CancelOrderButton } from './CancelOrder';
import { KioskNoticeLine } from './KioskNoticeLine';
import { useKioskWords } from './use-kiosk-words';

/** One line of the basket: the item, its quantity with fewer and more, remove, and the line's price. */
function BasketLineRow({ line, locked }: { line: BasketLine; locked: boolean }) {
  const words = useKioskWords();
  const { setLineQuantity } = usePosActions();
  return (
    <li className="kiosk-line" data-testid="basket-line">
      <span className="kiosk-line-name">{line.name}</span>
      <span className="kiosk-line-quantity" role="group" aria-label={words.quantityOf(line.name, line.quantity)}>
        <button
          type="button"
          aria-label={words.fewer(line.name)}
          disabled={locked || line.quantity <= 1}
          onClick={() => void setLineQuantity(line.itemId, line.quantity - 1)}
        >
          {'\u2212'}
        </button>
        <output aria-hidden="true">{line.quantity}</output>
        <button
          type="button"
          aria-label={words.more(line.name)}
          disabled={locked || line.quantity >= 99}
          onClick={() => void setLineQuantity(line.itemId, line.quantity + 1)}
        >
          +
        </button>
      </span>
      <span className="kiosk-line-price">{formatMoney(line.netMinor)}</span>
      <button
        type="button"
        className="kiosk-line-remove"
        aria-label={words.remove(line.name)}
        disabled={locked}
        onClick={() => void setLineQuantity(line.itemId, 0)}
      >
        {'\u00d7'}
      </button>
    </li>
  );
}

/** One sum of the basket: its words and the amount. */
function TotalRow({
  words,
  minor,
  testId,
  strong,
}: {
  words: string;
  minor: number;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className={strong ? 'kiosk-total' : undefined}>
      <dt>{words}</dt>
      <dd data-testid={testId}>{formatMoney(minor)}</dd>
    </div>
  );
}

/** The sums, always in view: subtotal, tax, total, and after a partial payment what was paid and is still owed. */
export function BasketTotals({ basket }: { basket: KioskBasket }) {
  const words = useKioskWords();
  return (
    <dl className="kiosk-totals" data-testid="basket-totals">
      <TotalRow words={words.subtotal} minor={basket.subtotalMinor} testId="basket-subtotal" />
      <TotalRow words={words.tax} minor={basket.taxMinor} testId="basket-tax" />
      <TotalRow words={words.total} minor={basket.totalMinor} testId="basket-total" strong />
      {basket.paidMinor > 0 ? (
        <>
          <TotalRow words={words.paid} minor={basket.paidMinor} testId="basket-paid" />
          <TotalRow words={words.stillToPay} minor={basket.dueMinor} testId="basket-due" strong />
        </>
      ) : null}
    </dl>
  );
}

/** The store's catalogue as large tiles, by category. */
function CataloguePicker({ items, locked }: { items: readonly CatalogueItem[]; locked: boolean }) {
  const words = useKioskWords();
  const { addItem } = usePosActions();
  const categories = [...new Set(items.map((item) => item.category).filter((category) => category !== null))];
  const [category, setCategory] = useState<string | null>(null);
  const shown = category === null ? items : items.filter((item) => item.category === category);
  return (
    // tabIndex: the list scrolls on a small screen, and a keypad must reach what is below the fold.
    <section className="kiosk-picker" aria-labelledby="kiosk-picker-heading" tabIndex={0}>
      <h2 id="kiosk-picker-heading">{words.pickHeading}</h2>
      {categories.length > 1 ? (
        <div className="kiosk-categories" role="group" aria-label={words.pickHeading}>
          {[null, ...categories].map((name) => (
            <button key={name ?? ''} type="button" aria-pressed={category === name} onClick={() => setCategory(name)}>
              {name ?? words.allItems}
            </button>
          ))}
        </div>
      ) : null}
      <ul className="kiosk-tiles">
        {shown.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="kiosk-tile"
              disabled={locked}
              onClick={() => void addItem(item.id)}
              data-testid={`tile-${item.id}`}
            >
              <span className="kiosk-tile-name">{item.name}</span>
              <span className="kiosk-tile-price">{formatMoney(item.unitMinor)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The customer's basket: its lines with quantities, the catalogue to pick from, the sums always
 * in view, and paying (by card, or on the phone where the store takes it). Scanned items arrive
 * here from the scanner without a touch.
 */
export function BasketScreen() {
  const words = useKioskWords();
  const { basket, items, walletEnabled, sale } = usePos(
    useShallow((state) => ({
      basket: state.kiosk?.basket ?? null,
      items: state.catalogue?.items ?? [],
      walletEnabled: state.walletEnabled,
      sale: state.terminal?.sale ?? null,
    })),
  );
  const { payBasket } = usePosActions();
  if (!basket) return null;
  const empty = basket.lines.length === 0;
  // A payment that ended without settling the basket (declined, stopped) is said here too.
  const outcome = sale && !sale.running && basket.dueMinor > 0 ? kioskOutcomeHeadline(sale, words.outcome) : null;
  return (
    <div className="kiosk-basket">
      <section className="kiosk-lines" aria-labelledby="kiosk-basket-heading" tabIndex={0}>
        <h1 id="kiosk-basket-heading" data-testid="kiosk-headline">
          {words.basketHeading}
        </h1>
        {outcome && outcome !== words.outcome.welcome ? (
          <p className="kiosk-outcome-line" role="status" data-testid="kiosk-outcome">
            {outcome}
          </p>
        ) : null}
        <KioskNoticeLine />
        {empty ? <p className="kiosk-lead">{words.basketEmpty}</p> : null}
        <ul className="kiosk-line-list" aria-label={words.basketHeading}>
          {basket.lines.map((line) => (
            <BasketLineRow key={line.itemId} line={line} locked={basket.locked} />
          ))}
        </ul>
      </section>
      {/* Once part is paid the lines are fixed: nothing to pick. */}
      {basket.locked ? null : <CataloguePicker items={items} locked={basket.locked} />}
      <section className="kiosk-checkout" aria-label={words.total}>
        <BasketTotals basket={basket} />
        <div className="kiosk-actions">
          <button
            type="button"
            className="primary kiosk-big"
            disabled={empty || basket.dueMinor <= 0}
            onClick={() => void payBasket('card')}
            data-testid="pay-card"
          >
            {words.payByCard(basket.dueMinor)}
          </button>
          {walletEnabled ? (
            <button
              type="button"
              className="kiosk-big"
              disabled={empty || basket.dueMinor <= 0}
              onClick={() => void payBasket('wallet')}
              data-testid="pay-wallet"
            >
              {words.payOnPhone}
            </button>
          ) : null}
          {!empty ? <CancelOrderButton /> : null}
        </div>
      </section>
    </div>
  );
}
