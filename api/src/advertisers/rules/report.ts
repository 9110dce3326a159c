/** A campaign report as CSV (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled). */
export interface ReportRow {
  name: string;
  status: string;
  objective_type: string;
  currency: string;
  daily_budget: number;
  start_date: string;
  end_date: string | null;
  impressions: number;
  clicks: number;
  spend: number;
}

const HEADER = ['Campaign', 'Status', 'Objective', 'Currency', 'Daily budget', 'Start', 'End', 'Impressions', 'Clicks', 'Spend'];

function field(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ (or a tab or carriage return, which some spreadsheets skip before one) would be
  // a formula in a spreadsheet: prefixed with a quote mark.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function campaignsCsv(rows: readonly ReportRow[]): string {
  const lines = [
    HEADER,
    ...rows.map((r) => [
      r.name,
      r.status,
      r.objective_type,
      r.currency,
      r.daily_budget.toFixed(2),
      r.start_date,
      r.end_date ?? 'ongoing',
      r.impressions,
      r.clicks,
      r.spend.toFixed(2),
    ]),
  ];
  return `${lines.map((l) => l.map(field).join(',')).join('\r\n')}\r\n`;
}
