import { z } from 'zod';
import { defineTool, toolFailure } from '../../tool-declaration.js';
import { LruCache } from '../../../core/lru-cache.js';
import type { UtilityContext } from './context.js';

export const TIME_FORMATS = ['full', 'date', 'time', 'iso'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
const TIMEZONE_EXAMPLES = '"UTC", "Europe/London", "Europe/Berlin", "America/New_York", "Asia/Tokyo"';

/** Wall time broken down in one timezone. Built from Intl's numeric parts only and formatted by
 *  hand, so the text does not change with the ICU version's locale data. */
export interface ZonedTime {
  timezone: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: string;
  /** Minutes east of UTC. */
  offsetMinutes: number;
}

/** Formatters by canonical zone name. Bounded: a client choosing the zone must not be able to
 *  grow it (each formatter holds tens of KiB of ICU data). */
export const zoneFormatters = new LruCache<string, Intl.DateTimeFormat>(64);

/** Intl's own name for a zone ("europe/LONDON" → "Europe/London", "Etc/UTC" → "UTC"), so every
 *  spelling of one zone shares a cache entry; undefined if Intl does not know the zone. */
function canonicalZone(timezone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: timezone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The Intl formatter for an IANA timezone, or undefined if Intl does not know the zone. */
function formatterFor(timezone: string): Intl.DateTimeFormat | undefined {
  const zone = canonicalZone(timezone);
  if (zone === undefined) return undefined;
  let formatter = zoneFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    zoneFormatters.set(zone, formatter);
  }
  return formatter;
}

export function zonedTime(epochMs: number, timezone: string): ZonedTime | undefined {
  const formatter = formatterFor(timezone);
  if (!formatter) return undefined;
  const wholeSeconds = Math.floor(epochMs / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(wholeSeconds)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = NaN, month = NaN, day = NaN, minute = NaN, second = NaN } = parts;
  const hour = (parts.hour ?? NaN) % 24;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return {
    timezone: formatter.resolvedOptions().timeZone,
    year,
    month,
    day,
    hour,
    minute,
    second,
    millisecond: epochMs - wholeSeconds,
    weekday: WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!,
    offsetMinutes: Math.round((asUtc - wholeSeconds) / 60_000),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function formatZonedTime(t: ZonedTime, format: TimeFormat): string {
  const date = `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
  const time = `${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
  const offset = formatOffset(t.offsetMinutes);
  switch (format) {
    case 'date':
      return date;
    case 'time':
      return time;
    case 'iso':
      return `${date}T${time}.${pad(t.millisecond, 3)}${t.offsetMinutes === 0 ? 'Z' : offset}`;
    case 'full':
      return `${t.weekday}, ${MONTHS[t.month - 1]} ${t.day}, ${t.year}, ${time} (${t.timezone}, UTC${offset})`;
  }
}

export const getTimeTool = defineTool<UtilityContext>()({
  name: 'get_time',
  title: 'Current time',
  description:
    'Current date and time in an IANA timezone (default UTC). format: "full" (weekday, date, time, ' +
    'zone), "date" (YYYY-MM-DD), "time" (HH:MM:SS, 24 h) or "iso" (ISO 8601 with offset).',
  input: {
    timezone: z
      .string()
      .min(1)
      .max(64)
      .default('UTC')
      .describe(`IANA timezone name, e.g. ${TIMEZONE_EXAMPLES}`),
    format: z.enum(TIME_FORMATS).default('full').describe('Output format'),
  },
  output: z.object({
    timezone: z.string().describe('Canonical IANA name of the timezone'),
    format: z.enum(TIME_FORMATS),
    time: z.string().describe('The time in the requested format'),
    iso: z.string().describe('ISO 8601 with the zone offset'),
    utcOffset: z.string().describe('Offset from UTC, e.g. +01:00'),
    epochMs: z.number().int(),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  category: 'utility',
  needsConfirmation: false,
  timeoutSeconds: 5,
  async handler(ctx, { timezone, format }) {
    const now = ctx.wallClock();
    if (!Number.isFinite(now)) throw new Error(`wall clock returned ${now}`);
    const epochMs = Math.floor(now);
    const t = zonedTime(epochMs, timezone.trim());
    if (!t) {
      return toolFailure('invalid_argument', `unknown timezone "${timezone}": use an IANA timezone name such as ${TIMEZONE_EXAMPLES}`);
    }
    const time = formatZonedTime(t, format);
    return {
      output: {
        timezone: t.timezone,
        format,
        time,
        iso: formatZonedTime(t, 'iso'),
        utcOffset: formatOffset(t.offsetMinutes),
        epochMs,
      },
      summary: time,
    };
  },
});
