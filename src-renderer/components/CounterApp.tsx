import { useCallback, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CounterScreen as CounterScreenName } from '../store/navigation-slice';
import { SignInScreen } from '../screens/sign-in/SignInScreen';
import { usePos } from '../store/use-pos';
import { PosCallError } from '../pos/call-error';
import { NavBar } from './NavBar';
import { CustomerDisplayLine } from '../screens/sale/CustomerDisplayLine';
import { LeftSaleBanner } from './LeftSaleBanner';
import { OfflineBanner } from './OfflineBanner';
import { RecoveryFindingsNotice } from './RecoveryFindingsNotice';
import {
  AuthorizationsScreen,
  DevicesScreen,
  EndOfDayScreen,
  HistoryScreen,
  ManagerApproval,
  SaleScreen,
  SettingsScreen,
  SignaturePanel,
  TrainingPanel,
} from './deferred-screens';

/** A manager's approval the screen is asking for: what it is for, and the call to retry with the PIN. */
export interface PendingApproval {
  readonly action: string;
  readonly run: (managerPin: string) => Promise<void>;
}

function CounterScreen({
  screen,
  askManager,
}: {
  screen: CounterScreenName;
  askManager: (action: string, run: (managerPin: string) => Promise<void>) => void;
}) {
  switch (screen) {
    case 'sale':
      return (
        <>
          <CustomerDisplayLine />
          <SaleScreen askManager={askManager} />
        </>
      );
    case 'history':
      return <HistoryScreen askManager={askManager} />;
    case 'end-of-day':
      return <EndOfDayScreen />;
    case 'devices':
      return <DevicesScreen />;
    case 'settings':
      return <SettingsScreen askManager={askManager} />;
    case 'authorizations':
      return <AuthorizationsScreen askManager={askManager} />;
  }
}

/** Runs the approved call; a refusal (a wrong PIN) stays in the dialog, anything else closes it. */
async function approvedWith(approval: PendingApproval, managerPin: string): Promise<string | null> {
  try {
    await approval.run(managerPin);
    return null;
  } catch (error) {
    if (error instanceof PosCallError && error.code === 'forbidden') return error.message;
    return null;
  }
}

/** The cashier's app: sign-in first, then the screens under the navigation bar, training's panel beside them. */
export function CounterApp({ signing }: { signing: boolean }) {
  const { staff, screen, training, saleShowing } = usePos(
    useShallow((state) => {
      const last = state.saleResults.at(-1);
      // The sale screen tells its own unknown sale's outcome; the notice tells the rest.
      const saleShowing =
        state.screen === 'sale' && state.saleStage === 'result' && last?.outcome === 'unknown' ? last.orderId : null;
      return { staff: state.staff, screen: state.screen, training: state.info?.training ?? false, saleShowing };
    }),
  );
  const [approval, setApproval] = useState<PendingApproval | null>(null);
  const askManager = useCallback(
    (action: string, run: (managerPin: string) => Promise<void>) => setApproval({ action, run }),
    [],
  );
  // A signature being captured shows whoever is signed in: the customer is at the pen.
  if (!staff) return signing ? <SignaturePanel /> : <SignInScreen />;
  return (
    <div className="counter">
      <NavBar />
      <OfflineBanner />
      <LeftSaleBanner />
      <div className={`counter-body${training ? ' with-training' : ''}`}>
        <div className="counter-screen">
          {signing ? <SignaturePanel /> : <CounterScreen screen={screen} askManager={askManager} />}
        </div>
        {training ? <TrainingPanel /> : null}
      </div>
      {signing ? null : <RecoveryFindingsNotice hide={saleShowing} />}
      {approval ? (
        <ManagerApproval
          action={approval.action}
          approve={(pin) => approvedWith(approval, pin)}
          onClose={() => setApproval(null)}
        />
      ) : null}
    </div>
  );
}
