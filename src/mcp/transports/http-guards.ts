/**
 * The checks an HTTP request passes before it reaches MCP: Host and Origin allow-lists (DNS
 * rebinding protection) and the bearer token. Pure functions over header values.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** True for localhost, 127.0.0.0/8 and ::1 (with or without brackets). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(h);
  return false;
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}

/** The host part of a URL or Host header for `host` (IPv6 in brackets). */
export function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** Host header check. Always allowed: loopback names at the bound port, and the bound address
 *  itself when it is a specific one. `extra` entries are "name" (any port) or "name:port". */
export class HostAllowList {
  private readonly exact = new Set<string>();
  private readonly anyPort = new Set<string>();

  constructor(bindHost: string, port: number, extra: readonly string[] = []) {
    for (const name of LOOPBACK_NAMES) this.exact.add(`${name}:${port}`);
    if (!isWildcard(bindHost)) this.exact.add(`${urlHost(bindHost).toLowerCase()}:${port}`);
    for (const entry of extra) {
      const parsed = parseHostHeader(entry);
      if (!parsed) throw new Error(`allowed host "${entry}" is not a host name or host:port`);
      if (parsed.port === undefined) this.anyPort.add(parsed.hostname);
      else this.exact.add(`${parsed.hostname}:${parsed.port}`);
    }
  }

  /** undefined when allowed, else the reason. */
  check(hostHeader: string | undefined): string | undefined {
    if (!hostHeader) return 'missing Host header';
    const parsed = parseHostHeader(hostHeader);
    if (!parsed) return `malformed Host header "${hostHeader}"`;
    if (this.anyPort.has(parsed.hostname)) return undefined;
    if (parsed.port !== undefined && this.exact.has(`${parsed.hostname}:${parsed.port}`)) return undefined;
    return `Host "${hostHeader}" is not allowed (DNS rebinding protection); allowed: ${this.describe()}`;
  }

  describe(): string {
    return [...this.exact, ...this.anyPort].join(', ');
  }
}

function parseHostHeader(value: string): { hostname: string; port: string | undefined } | undefined {
  if (/[/?#@\s]/.test(value)) return undefined;
  try {
    const url = new URL(`http://${value}`);
    // URL drops the default port 80; keep whatever the header said.
    const port = /:(\d+)$/.exec(value)?.[1];
    return { hostname: url.hostname.toLowerCase(), port };
  } catch {
    return undefined;
  }
}

/** Origin header check: absent is fine (non-browser clients); present must be same-origin on a
 *  loopback name or listed in `extra` (full origins such as "http://localhost:6274"). */
export class OriginAllowList {
  private readonly allowed = new Set<string>();

  constructor(port: number, extra: readonly string[] = []) {
    for (const name of LOOPBACK_NAMES) this.allowed.add(`http://${name}:${port}`);
    for (const origin of extra) {
      let normalized: string;
      try {
        normalized = new URL(origin).origin;
      } catch {
        throw new Error(`allowed origin "${origin}" is not an origin like http://localhost:6274`);
      }
      if (normalized === 'null') throw new Error(`allowed origin "${origin}" is not an origin like http://localhost:6274`);
      this.allowed.add(normalized);
    }
  }

  check(originHeader: string | undefined): string | undefined {
    if (originHeader === undefined) return undefined;
    if (this.allowed.has(originHeader.toLowerCase())) return undefined;
    return `Origin "${originHeader}" is not allowed (DNS rebinding protection)`;
  }
}

export type BearerCheck = 'ok' | 'missing' | 'invalid';

/** Compares bearer tokens in constant time (SHA-256 digests of equal length). */
export class BearerToken {
  private readonly digest: Buffer;

  constructor(token: string) {
    if (token.length === 0) throw new Error('the HTTP token is empty');
    this.digest = sha256(token);
  }

  check(authorization: string | undefined): BearerCheck {
    if (!authorization) return 'missing';
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    if (!match) return 'invalid';
    return timingSafeEqual(sha256(match[1]!), this.digest) ? 'ok' : 'invalid';
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
