/** Tables of the signal engine and the offer countdown (owned by the signal engine work). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the signal engine migrations
export interface SignalTables {}
