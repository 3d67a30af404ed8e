import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { cartTotalMinor } from '../../../src-main/lane/ipc/cart';
import { formatMoney, parseMoney } from '../../../src-main/platform/money';
import { usePos, usePosActions } from '../../store/use-pos';
import { Alert } from '../../components/Alert';

/** One labelled field of the line being added. */
function CartField({
  label,
  onChange,
  ...input
}: { label: string; value: string; disabled: boolean; onChange: (value: string) => void } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'inputMode' | 'size' | 'maxLength'
>) {
  return (
    <label>
      {label}
      <input {...input} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/**
 * The optional cart: items with quantity, unit price and tax. Its lines become the sale's
 * Level 2/3 data, and its total is the amount.
 */
export function CartPanel({ disabled }: { disabled: boolean }) {
  const cart = usePos((state) => state.cart);
  const actions = usePosActions();
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [tax, setTax] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const unitMinor = parseMoney(price);
    const taxMinor = tax.trim() === '' ? 0 : parseMoney(tax);
    const count = Number(quantity);
    if (description.trim() === '') return setProblem('Describe the item (up to 26 characters).');
    if (!Number.isInteger(count) || count < 1 || count > 9999)
      return setProblem('The quantity is a whole number from 1 to 9999.');
    if (unitMinor === null) return setProblem('The unit price is an amount such as 4.99.');
    if (taxMinor === null) return setProblem('The tax is an amount such as 0.40, or empty for none.');
    actions.addCartLine({ description: description.trim(), quantity: count, unitMinor, taxMinor });
    setDescription('');
    setQuantity('1');
    setPrice('');
    setTax('');
    setProblem(null);
  };

  return (
    <section className="cart-panel" aria-labelledby="cart-heading">
      <h2 id="cart-heading">Cart</h2>
      {cart.length > 0 ? (
        <table className="cart-lines">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Qty</th>
              <th scope="col">Price</th>
              <th scope="col">Tax</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cart.map((line, index) => (
              <tr key={`${index}-${line.description}`}>
                <td>{line.description}</td>
                <td>{line.quantity}</td>
                <td>{formatMoney(line.quantity * line.unitMinor)}</td>
                <td>{formatMoney(line.taxMinor ?? 0)}</td>
                <td>
                  <button
                    type="button"
                    className="danger"
                    disabled={disabled}
                    onClick={() => actions.removeCartLine(index)}
                    aria-label={`Remove ${line.description}`}
                  >
                    &times;
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Cart total
              </th>
              <td colSpan={3}>{formatMoney(cartTotalMinor(cart))}</td>
            </tr>
          </tfoot>
        </table>
      ) : (
        <p className="cart-empty">No items: the keyed amount is charged. Add items to send them with the sale.</p>
      )}
      <form className="cart-add" onSubmit={add}>
        <CartField label="Item" value={description} maxLength={26} disabled={disabled} onChange={setDescription} />
        <CartField
          label="Qty"
          value={quantity}
          inputMode="numeric"
          size={4}
          disabled={disabled}
          onChange={(value) => setQuantity(value.replace(/\D/g, ''))}
        />
        <CartField
          label="Unit price"
          value={price}
          inputMode="decimal"
          size={8}
          disabled={disabled}
          onChange={setPrice}
        />
        <CartField label="Tax" value={tax} inputMode="decimal" size={7} disabled={disabled} onChange={setTax} />
        <button type="submit" disabled={disabled}>
          Add item
        </button>
      </form>
      <Alert message={problem} className="cart-problem" />
    </section>
  );
}
