/**
 * Turns for own-media imports (download, probe, conversion) in one process. A pipeline job imports
 * while it holds one of the process's job slots, and a download may take minutes (a slow source, a
 * 300 MB file), so imports may hold at most `slots` jobs at once and one account at most `perAccount`
 * of them: the other slots stay free for videos that import nothing, and one account's slow sources
 * never take another account's turn. A job that finds no turn does not wait in its slot: it is given
 * ImportTurnBusy and hands its video back to the queue for IMPORT_TURN_RETRY_SECONDS (see the worker).
 */
export interface ImportTurns {
  /** A turn for the account now (call the returned function to give it back), or undefined when none is free. */
  take(accountId: string): (() => void) | undefined;
  stats(): { slots: number; perAccount: number; held: number; accounts: number };
}

/** How long a video that found no import turn waits in the queue before its job tries again. */
export const IMPORT_TURN_RETRY_SECONDS = 5;

/** No import turn is free for this account in this process; the attempt should give its job slot back. */
export class ImportTurnBusy extends Error {
  constructor(readonly accountId: string) {
    super(`no own-media import turn is free for account ${accountId}; the video goes back to the queue for ${IMPORT_TURN_RETRY_SECONDS} s`);
  }
}

export const DEFAULT_IMPORT_TURNS = { slots: 3, perAccount: 1 } as const;

export function createImportTurns(limits: { slots: number; perAccount: number } = DEFAULT_IMPORT_TURNS): ImportTurns {
  const held = new Map<string, number>();
  let total = 0;
  return {
    take(accountId) {
      const mine = held.get(accountId) ?? 0;
      if (total >= limits.slots || mine >= limits.perAccount) return undefined;
      held.set(accountId, mine + 1);
      total++;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        total--;
        const left = (held.get(accountId) ?? 1) - 1;
        if (left > 0) held.set(accountId, left);
        else held.delete(accountId);
      };
    },
    stats: () => ({ slots: limits.slots, perAccount: limits.perAccount, held: total, accounts: held.size }),
  };
}
