/** One line of the Support Hub's hours, as the operator publishes it. */
export interface SupportHoursLine {
  channel: string;
  hours: string;
}

/**
 * SUPPORT_HOURS as the operator writes it: `channel=hours` pairs separated by semicolons, e.g.
 * "Live chat=24/7; E-mail=Reply within 2-24 hours". Nothing set means no hours are published (the Support
 * Hub shows none rather than hours nobody staffs). Returns the lines, or the problem with the text.
 */
export function parseSupportHours(text: string | undefined): SupportHoursLine[] | { problem: string } {
  if (text === undefined || text.trim() === '') return [];
  const lines: SupportHoursLine[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    const channel = at < 0 ? '' : part.slice(0, at).trim();
    const hours = at < 0 ? '' : part.slice(at + 1).trim();
    if (!channel || !hours) {
      return { problem: `"${part.trim()}" is not channel=hours (e.g. "Live chat=24/7; E-mail=Reply within 24 hours")` };
    }
    lines.push({ channel, hours });
  }
  return lines;
}
