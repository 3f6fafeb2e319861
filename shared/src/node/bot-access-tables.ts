/** Tables of the bot-access lead-capture flow. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the bot-access migrations
export interface BotAccessTables {}
