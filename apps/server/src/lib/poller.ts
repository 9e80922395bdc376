/** A background loop: a runner's whole life in one place, whatever it polls for. */
export interface Poller {
  /** Runs once now (or joins the run in progress); resolves with what the run handled. */
  runOnce(): Promise<number>;
  /** Polls every `pollMs` after the previous run ended, the first time after `firstDelayMs`. */
  start(): void;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
  readonly stopped: boolean;
}

export function createPoller(
  work: () => Promise<number>,
  options: { pollMs: number; firstDelayMs?: number; onError(error: unknown): void },
): Poller {
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const runOnce = () => {
    running ??= work().finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    runOnce,
    get stopped() {
      return stopped;
    },
    start() {
      const tick = async () => {
        try {
          await runOnce();
        } catch (error) {
          options.onError(error);
        }
        if (!stopped) timer = setTimeout(tick, options.pollMs);
      };
      timer = setTimeout(tick, options.firstDelayMs ?? options.pollMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
