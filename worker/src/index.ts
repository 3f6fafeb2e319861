/** The signal worker: market feed, strategy, scheduled jobs. Filled in by the signal engine work. */
export {};
