/** Asks for a manager's PIN for `action`, then runs it with that PIN (the history screen's dialog). */
export type AskManager = (action: string, run: (managerPin: string) => Promise<void>) => void;
