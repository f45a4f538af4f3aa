// Calendar days as YYYY-MM-DD (UTC): the dates of leakage filters, live benchmark windows and model cut-offs.

/** Whether `text` is a real day written YYYY-MM-DD (2024-02-30 is not: JavaScript would read it as March 1st). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** The first second of a day (UTC), in seconds since 1970 (git's commit times). */
export function daySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/** The day (UTC) of a time in seconds since 1970; null when it has no date (beyond year 9999, say). */
export function dayOf(seconds: number): string | null {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999 ? null : date.toISOString().slice(0, 10);
}
