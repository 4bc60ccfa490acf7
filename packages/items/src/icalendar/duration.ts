/**
 * iCalendar DURATION values (RFC 5545 §3.3.6) as seconds and back: what a relative alarm TRIGGER,
 * a DURATION instead of DTEND, and an ActiveSync Reminder say. The reader is bounded (six digits
 * a unit, eight for seconds); the writer uses the largest whole unit, as clients write them.
 */

/** Seconds of a DURATION; null when it is none. */
export function durationSeconds(value: string): number | null {
  const m = /^([+-])?P(?:(\d{1,6})W)?(?:(\d{1,6})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,6})M)?(?:(\d{1,8})S)?)?$/i.exec(value.trim());
  if (!m || /^[+-]?PT?$/i.test(value.trim())) return null;
  const seconds = ((+(m[2] ?? 0) * 7 + +(m[3] ?? 0)) * 24 + +(m[4] ?? 0)) * 3600 + +(m[5] ?? 0) * 60 + +(m[6] ?? 0);
  return m[1] === '-' ? -seconds : seconds;
}

/** `-PT15M`, `-PT1H`, `-P1D`, `PT0S`: the duration in its largest whole unit (days, hours, minutes, seconds). */
export function durationText(seconds: number): string {
  if (seconds === 0) return 'PT0S';
  const sign = seconds < 0 ? '-' : '';
  const s = Math.abs(seconds);
  if (s % 86_400 === 0) return `${sign}P${s / 86_400}D`;
  if (s % 3600 === 0) return `${sign}PT${s / 3600}H`;
  if (s % 60 === 0) return `${sign}PT${s / 60}M`;
  return `${sign}PT${s}S`;
}
