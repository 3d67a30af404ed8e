import { useState } from 'react';
import type { CatalogueItem } from '../../src-main/lane/ipc/contract';
import { formatMoney } from '../../src-main/platform/money';
import { usePosActions } from '../store/use-pos';
import { useKioskWords } from './use-kiosk-words';

/**
 * The store's catalogue as large tiles, by category. The categories and the tiles scroll on
 * their own (`data-scroll-list`), so the heading and the way back stay in reach. In accessibility
 * mode the picker is a view of its own: `onBack` returns to the basket, and each item added is
 * said, since the basket is out of sight.
 */
export function CataloguePicker({ items, onBack }: { items: readonly CatalogueItem[]; onBack?: () => void }) {
  const words = useKioskWords();
  const { addItem } = usePosActions();
  const categories = [...new Set(items.map((item) => item.category).filter((category) => category !== null))];
  const [category, setCategory] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const shown = category === null ? items : items.filter((item) => item.category === category);
  const add = (item: CatalogueItem) =>
    void addItem(item.id).then(() => {
      if (onBack) setAdded(item.name);
    });
  return (
    <section className="kiosk-picker" aria-labelledby="kiosk-picker-heading">
      <div className="kiosk-picker-head">
        <h2 id="kiosk-picker-heading">{words.pickHeading}</h2>
        {onBack ? (
          <>
            <p className="kiosk-picker-added" role="status" data-testid="picker-added">
              {added === null ? null : words.added(added)}
            </p>
            <button type="button" className="primary" onClick={onBack} data-testid="picker-back">
              {words.backToBasket}
            </button>
          </>
        ) : null}
      </div>
      {categories.length > 1 ? (
        <div className="kiosk-categories" role="group" aria-label={words.pickHeading} data-scroll-list>
          {[null, ...categories].map((name) => (
            <button key={name ?? ''} type="button" aria-pressed={category === name} onClick={() => setCategory(name)}>
              {name ?? words.allItems}
            </button>
          ))}
        </div>
      ) : null}
      <ul className="kiosk-tiles" data-scroll-list>
        {shown.map((item) => (
          <li key={item.id}>
            <button type="button" className="kiosk-tile" onClick={() => add(item)} data-testid={`tile-${item.id}`}>
              <span className="kiosk-tile-name">{item.name}</span>
              <span className="kiosk-tile-price">{formatMoney(item.unitMinor)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
