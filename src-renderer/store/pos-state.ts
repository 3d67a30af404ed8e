/**
 * The slices of the one store, by name. Each slice file adds its own entry
 * (`declare module './pos-state' { interface PosSlices { session: SessionSlice } }`), so a slice
 * and the store that puts the slices together share the store's type without importing each other.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each slice file fills it in
export interface PosSlices {}

/** The store's whole state: every slice together (a slice missing from PosSlices fails to compile here). */
export type PosState = PosSlices['session'] &
  PosSlices['devices'] &
  PosSlices['terminal'] &
  PosSlices['signature'] &
  PosSlices['connection'] &
  PosSlices['staff'] &
  PosSlices['navigation'] &
  PosSlices['sale'] &
  PosSlices['training'] &
  PosSlices['history'] &
  PosSlices['customer'] &
  PosSlices['endOfDay'] &
  PosSlices['deviceTests'] &
  PosSlices['settings'] &
  PosSlices['kiosk'] &
  PosSlices['day'] &
  PosSlices['receipt'] &
  PosSlices['cash'] &
  PosSlices['offline'] &
  PosSlices['hub'] &
  PosSlices['customerDisplay'] &
  PosSlices['authorizations'] &
  PosSlices['otherTenders'] &
  PosSlices['cardOnFile'];
