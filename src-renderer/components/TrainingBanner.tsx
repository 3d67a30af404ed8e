/** Across the top of every screen in training mode, so nobody mistakes practice for a sale. */
export function TrainingBanner() {
  return (
    <div className="training-banner" role="status" aria-label="Training mode">
      <strong>TRAINING</strong>
      <span>Practice terminal: built-in gateway and emulated devices, no real money moves</span>
    </div>
  );
}
