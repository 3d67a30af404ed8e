import { useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { achConsentWords, routingProblem, voiceAuthcodePattern } from '../../../src-main/lane/ipc/tenders';
import { formatMoney } from '../../../src-main/platform/money';
import { Alert } from '../../components/Alert';
import { modalDialogProps, useModalDialog } from '../../components/modal-dialog';
import type { OtherPayment } from '../../store/other-tenders-slice';
import { usePos, usePosActions } from '../../store/use-pos';

type Step = 'choose' | 'forced' | 'ach';

/**
 * The tender bar's "Other tenders": the button, and the panel it opens over the sale (a modal
 * dialog, so the sale screen's keys wait). `shown` while it is open; `show('other')` opens it,
 * `hide(null)` closes it, as the sale screen opens its cash and split panels.
 */
export function OtherTenders({
  shown,
  show,
  hide,
}: {
  shown: boolean;
  show: (panel: 'other') => void;
  hide: (panel: null) => void;
}) {
  return (
    <>
      <button type="button" className="tender-other" onClick={() => show('other')} data-testid="pay-other">
        Other tenders
      </button>
      {shown ? <OtherTendersPanel onClose={() => hide(null)} /> : null}
    </>
  );
}

/**
 * What the sale can be paid with besides a card sale, cash or the phone: an authorization to
 * capture later (the card read as usual), a forced sale on the code the issuer's voice centre
 * gave (a manager's), or a check taken at the counter (ACH, with the customer's written consent).
 * Each runs as the sale's payment: the panel closes and the sale screen shows it like a card's.
 */
export function OtherTendersPanel({ onClose }: { onClose: () => void }) {
  const { owed, cardOnTerminal, manager } = usePos(
    useShallow((state) => ({
      owed: state.saleTotalMinor(),
      cardOnTerminal: state.cardOnTerminal,
      manager: state.staff?.role === 'manager',
    })),
  );
  const actions = usePosActions();
  const first = useRef<HTMLButtonElement>(null);
  const [step, setStep] = useState<Step>('choose');
  const back = () => (step === 'choose' ? onClose() : setStep('choose'));
  const panel = useModalDialog<HTMLDivElement>(first, back);
  const pay = (payment: OtherPayment) => {
    onClose();
    // The sale screen shows the payment; a refusal comes back as the sale's error, in words.
    void actions.payOther(payment);
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={panel}
        {...modalDialogProps({ labelledBy: 'other-heading', className: 'other-tenders' })}
        data-testid="other-tenders"
      >
        <h2 id="other-heading">Other tenders: {formatMoney(owed)}</h2>
        {step === 'choose' ? (
          <div className="tender-bar" role="group" aria-label="Other tenders">
            <button type="button" ref={first} onClick={() => pay({ kind: 'authorize' })} data-testid="other-authorize">
              Authorize only (capture later)
            </button>
            {cardOnTerminal ? null : (
              <button type="button" onClick={() => setStep('forced')} data-testid="other-forced">
                Forced sale (voice authorization)
              </button>
            )}
            <button type="button" onClick={() => setStep('ach')} data-testid="other-ach">
              Check (ACH)
            </button>
            <button type="button" onClick={onClose}>
              Close <kbd>Esc</kbd>
            </button>
          </div>
        ) : step === 'forced' ? (
          <ForcedSaleForm manager={manager} onPay={pay} onBack={back} />
        ) : (
          <CheckForm onPay={pay} onBack={back} />
        )}
      </div>
    </div>
  );
}

/**
 * A forced sale: the code the issuer's voice authorization centre gave (1 to 6 letters and
 * digits), a manager's PIN unless a manager is signed in, then the card read or keyed.
 */
export function ForcedSaleForm({
  manager,
  onPay,
  onBack,
}: {
  manager: boolean;
  onPay: (payment: OtherPayment) => void;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [keyed, setKeyed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const authcode = code.trim().toUpperCase();
    if (!voiceAuthcodePattern.test(authcode))
      return setProblem('Voice authorization code: key the 1 to 6 letters and digits the issuer gave.');
    if (!manager && !/^\d{4,8}$/.test(pin))
      return setProblem('Manager PIN: a forced sale is a manager\u2019s; key a manager\u2019s 4 to 8 digit PIN.');
    onPay({
      kind: 'forced-sale',
      voiceAuthcode: authcode,
      ...(keyed ? { entry: 'keyed' as const } : {}),
      ...(manager ? {} : { managerPin: pin }),
    });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="forced-sale-form">
      <p>
        Call the card issuer&rsquo;s voice authorization centre and key the code it gives. The sale is captured with
        that code; it cannot be voided afterwards, only refunded.
      </p>
      <label htmlFor="forced-authcode">Voice authorization code</label>
      <input
        id="forced-authcode"
        autoFocus
        autoComplete="off"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/[^A-Za-z0-9]/g, ''))}
        data-testid="forced-authcode"
      />
      {manager ? null : (
        <>
          <label htmlFor="forced-manager-pin">Manager PIN</label>
          <input
            id="forced-manager-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={pin}
            onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
            data-testid="forced-manager-pin"
          />
        </>
      )}
      <label>
        <input
          type="checkbox"
          checked={keyed}
          onChange={(event) => setKeyed(event.target.checked)}
          data-testid="forced-keyed"
        />{' '}
        Key the card (it cannot be read)
      </label>
      <Alert message={problem} className="dialog-problem" testId="forced-problem" />
      <div className="dialog-actions">
        <button type="submit" className="primary" data-testid="forced-submit">
          Forced sale <kbd>Enter</kbd>
        </button>
        <button type="button" onClick={onBack}>
          Back <kbd>Esc</kbd>
        </button>
      </div>
    </form>
  );
}

/**
 * A check taken at the counter: the routing number (its ABA check digit checked as it is
 * keyed), the account number, checking or savings, the name on the account, and the words the
 * customer agrees to (they sign the merchant copy under them).
 */
export function CheckForm({ onPay, onBack }: { onPay: (payment: OtherPayment) => void; onBack: () => void }) {
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [accountType, setAccountType] = useState<'checking' | 'savings'>('checking');
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const routingCheck = routing.length === 9 ? routingProblem(routing) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrongRouting = routingProblem(routing);
    if (wrongRouting) return setProblem(`Routing number: ${wrongRouting}${wrongRouting.endsWith('.') ? '' : '.'}`);
    if (!/^\d{4,17}$/.test(account)) return setProblem('Account number: 4 to 17 digits, as printed on the check.');
    const holder = name.trim();
    if (holder === '' || holder.length > 30)
      return setProblem('Name: the account holder\u2019s name, up to 30 characters.');
    if (!agreed) return setProblem('The customer must agree to the debit authorization before the check is taken.');
    onPay({ kind: 'ach', routing, account, accountType, name: holder });
  };
  return (
    <form onSubmit={submit} noValidate data-testid="check-form">
      <label htmlFor="ach-routing">Routing number</label>
      <input
        id="ach-routing"
        autoFocus
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        value={routing}
        onChange={(event) => setRouting(event.target.value.replace(/\D/g, ''))}
        aria-invalid={routingCheck !== null}
        aria-describedby="ach-routing-check"
        data-testid="ach-routing"
      />
      <p id="ach-routing-check" className="field-check" aria-live="polite" data-testid="ach-routing-check">
        {routing.length < 9 ? '9 digits, bottom left of the check' : (routingCheck ?? 'Check digit matches')}
      </p>
      <label htmlFor="ach-account">Account number</label>
      <input
        id="ach-account"
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
        value={account}
        onChange={(event) => setAccount(event.target.value.replace(/\D/g, ''))}
        data-testid="ach-account"
      />
      <fieldset>
        <legend>Account type</legend>
        {(['checking', 'savings'] as const).map((type) => (
          <label key={type}>
            <input
              type="radio"
              name="ach-account-type"
              checked={accountType === type}
              onChange={() => setAccountType(type)}
              data-testid={`ach-${type}`}
            />{' '}
            {type === 'checking' ? 'Checking' : 'Savings'}
          </label>
        ))}
      </fieldset>
      <label htmlFor="ach-name">Name on the account</label>
      <input
        id="ach-name"
        autoComplete="off"
        maxLength={30}
        value={name}
        onChange={(event) => setName(event.target.value)}
        data-testid="ach-name"
      />
      <p className="ach-consent" data-testid="ach-consent">
        {achConsentWords}
      </p>
      <label>
        <input
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          data-testid="ach-agreed"
        />{' '}
        The customer agrees, and signs the receipt
      </label>
      <Alert message={problem} className="dialog-problem" testId="ach-problem" />
      <div className="dialog-actions">
        <button type="submit" className="primary" data-testid="ach-submit">
          Take the check <kbd>Enter</kbd>
        </button>
        <button type="button" onClick={onBack}>
          Back <kbd>Esc</kbd>
        </button>
      </div>
    </form>
  );
}
