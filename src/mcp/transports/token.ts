/**
 * Where the HTTP bearer token comes from: an environment variable named on the command line
 * (`--token-env NAME`, so the secret is not in `ps` output) or a file (`--token-file PATH`).
 */
import { readTextFile } from '../../core/read-file.js';

export interface TokenSource {
  /** Name of an environment variable holding the token. */
  tokenEnv?: string;
  /** Path of a file holding the token (surrounding whitespace is ignored). */
  tokenFile?: string;
  env: Readonly<Record<string, string | undefined>>;
}

export class TokenError extends Error {
  override name = 'TokenError';
}

/** The configured token, or undefined when no source is given. Throws TokenError with a message
 *  saying what to fix when a source is given but yields no usable token. */
export function resolveToken({ tokenEnv, tokenFile, env }: TokenSource): string | undefined {
  if (tokenEnv !== undefined && tokenFile !== undefined) {
    throw new TokenError('give either --token-env or --token-file, not both');
  }
  if (tokenEnv !== undefined) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(tokenEnv)) {
      throw new TokenError(`--token-env expects an environment variable name (like MCP_TOKEN), got "${tokenEnv}"`);
    }
    const value = env[tokenEnv];
    if (value === undefined) throw new TokenError(`environment variable ${tokenEnv} (from --token-env) is not set`);
    const token = value.trim();
    if (token === '') throw new TokenError(`environment variable ${tokenEnv} (from --token-env) is empty`);
    return checked(token, `environment variable ${tokenEnv}`);
  }
  if (tokenFile !== undefined) {
    const text = readTextFile(tokenFile, { what: 'token file', errorClass: TokenError });
    const token = text.trim();
    if (token === '') throw new TokenError(`token file ${tokenFile} is empty`);
    return checked(token, `token file ${tokenFile}`);
  }
  return undefined;
}

function checked(token: string, source: string): string {
  if (/\s/.test(token)) throw new TokenError(`the token in ${source} contains whitespace; use a single word`);
  return token;
}
