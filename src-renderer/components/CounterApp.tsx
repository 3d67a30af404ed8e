import { useCallback, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SaleScreen } from '../screens/sale/SaleScreen';
import { SignInScreen } from '../screens/sign-in/SignInScreen';
import { TrainingPanel } from '../training/TrainingPanel';
import { usePos } from '../store/use-pos';
import { NavBar } from './NavBar';
import { SignaturePanel } from './SignaturePanel';

/** A manager's approval the screen is asking for: what it is for, and the call to retry with the PIN. */
export interface PendingApproval {
  readonly action: string;
  readonly run: (managerPin: string) => Promise<void>;
}

/** The cashier's app: sign-in first, then the screens under the navigation bar, training's panel beside them. */
export function CounterApp({ signing }: { signing: boolean }) {
  const { staff, screen, training } = usePos(useShallow((state) => ({ staff: state.staff, screen: state.screen, training: state.info?.training ?? false })));
  const [, setApproval] = useState<PendingApproval | null>(null);
  const askManager = useCallback((action: string, run: (managerPin: string) => Promise<void>) => setApproval({ action, run }), []);
  // A signature being captured shows whoever is signed in: the customer is at the pen.
  if (!staff) return signing ? <SignaturePanel /> : <SignInScreen />;
  return (
    <div className="counter">
      <NavBar />
      <div className={`counter-body${training ? ' with-training' : ''}`}>
        <div className="counter-screen">{signing ? <SignaturePanel /> : screen === 'sale' ? <SaleScreen askManager={askManager} /> : null}</div>
        {training ? <TrainingPanel /> : null}
      </div>
    </div>
  );
}
