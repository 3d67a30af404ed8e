import { CustomerDisplay } from '../customer/CustomerDisplay';
import { usePos, usePosActions } from '../store/use-pos';
import '../customer/customer.css';

/**
 * Training's customer display beside the counter (ADR 087), where the lane has one
 * (`customerDisplay.enabled`) but no second display is connected: the very screen a customer
 * would see, drawn from the lane's view, so a trainee plays both sides of the counter in one
 * window. Its answers go to the lane as the customer's would.
 */
export function TrainingCustomerDisplay() {
  const view = usePos((state) => state.customerView);
  const { answerAsCustomer, signAsCustomer, clearSignature } = usePosActions();
  if (!view?.besideTheCounter) return null;
  return (
    <section className="training-customer-display" aria-labelledby="training-customer-heading">
      <h2 id="training-customer-heading">The customer’s display</h2>
      <CustomerDisplay
        embedded
        view={view}
        logo={null}
        answer={answerAsCustomer}
        submitSignature={signAsCustomer}
        clearSignature={async () => void (await clearSignature())}
      />
    </section>
  );
}
