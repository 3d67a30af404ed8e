import { useShallow } from 'zustand/react/shallow';
import { ApplicationScreen } from '../screens/ApplicationScreen';
import { ApplicationsScreen } from '../screens/ApplicationsScreen';
import { CredentialsScreen } from '../screens/CredentialsScreen';
import { HubScreen } from '../hub/HubScreen';
import { EquipmentScreen } from '../screens/EquipmentScreen';
import { NewApplicationScreen } from '../screens/NewApplicationScreen';
import { PlansScreen } from '../screens/PlansScreen';
import { backOfficeScreens, useBackOffice, type BackOfficeScreen } from '../store';
import { ScreenTabs } from '../../components/ScreenTabs';

const screenNames: Record<(typeof backOfficeScreens)[number], string> = {
  applications: 'Applications',
  'new-application': 'New application',
  equipment: 'Equipment',
  plans: 'Billing plans',
  credentials: 'Credentials',
  hub: 'Store hub',
};

const connectionWords = {
  connecting: 'Connecting to the back office\u2026',
  open: 'Back office connected',
  closed: 'Back office not reachable; retrying',
} as const;

function Screen({ screen, merchantId, token }: { screen: BackOfficeScreen; merchantId: string | null; token: string }) {
  switch (screen) {
    case 'applications':
      return <ApplicationsScreen />;
    case 'new-application':
      return <NewApplicationScreen />;
    case 'application':
      return merchantId ? (
        <ApplicationScreen key={merchantId} merchantId={merchantId} token={token} />
      ) : (
        <ApplicationsScreen />
      );
    case 'equipment':
      return <EquipmentScreen />;
    case 'plans':
      return <PlansScreen />;
    case 'credentials':
      return <CredentialsScreen />;
    case 'hub':
      return <HubScreen token={token} />;
  }
}

/**
 * The back office page: the training stripe, the screens under a navigation bar (Alt+1…6 from
 * anywhere), a status bar saying which service it talks to and whether the host is reachable.
 */
export function BackOfficeApp({ token }: { token: string }) {
  const { screen, merchantId, status, connection, hint } = useBackOffice(
    useShallow((state) => ({
      screen: state.screen,
      merchantId: state.merchantId,
      status: state.status,
      connection: state.connection,
      hint: state.hint,
    })),
  );
  const go = useBackOffice((state) => state.go);
  const training = status?.training ?? false;
  const current = screen === 'application' ? 'applications' : screen;
  return (
    <div className={`app app-backoffice${training ? ' app-training' : ''}`}>
      <div className="app-top">
        {training ? (
          <div className="training-banner" role="status" aria-label="Training mode">
            <strong>TRAINING</strong>
            <span>Practice back office: the built-in boarding service, no real merchant is boarded</span>
          </div>
        ) : null}
      </div>
      <div className="counter">
        <nav className="nav-bar" aria-label="Screens">
          <ScreenTabs screens={backOfficeScreens} names={screenNames} current={current} go={go} />
        </nav>
        <main className="counter-body">
          {connection === 'open' || status ? (
            <Screen screen={screen} merchantId={merchantId} token={token} />
          ) : (
            <section className="phase-panel">
              <h1>{connection === 'closed' ? 'Back office not reachable' : 'Connecting\u2026'}</h1>
              {hint ? <p className="phase-detail">{hint}</p> : null}
            </section>
          )}
        </main>
      </div>
      <footer className="status-bar" aria-label="Status bar">
        <span className="status-mode">Back office</span>
        {training ? <span className="training-stamp">TRAINING</span> : null}
        {status ? <span className="status-terminal">Boarding service {status.boardingUrl || 'not set'}</span> : null}
        <span className={`status-connection connection-${connection}`} role="status">
          {connectionWords[connection]}
        </span>
        {status ? <span className="status-version">v{status.version}</span> : null}
      </footer>
    </div>
  );
}
