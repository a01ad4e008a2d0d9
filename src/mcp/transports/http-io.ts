/**
 * Reading and answering raw Node HTTP requests: headers, bounded bodies, JSON and JSON-RPC error
 * replies. Shared by the HTTP routes and the session transport.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A header's value (the first, when it was sent more than once). */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  // A stream already under way can only be ended: its status went out with the headers.
  if (!res.headersSent) res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** A JSON-RPC error not tied to a request (id null), with its HTTP status. */
export function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null });
}

/** Reads the body up to `maxBytes`. A declared Content-Length over the limit is refused without
 *  reading; otherwise reading stops as soon as the limit is passed. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<{ tooLarge: true } | { tooLarge: false; text: string }> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        req.pause();
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve({ tooLarge: false, text: Buffer.concat(chunks).toString('utf8') });
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => onError(new Error('the client closed the connection before sending the whole body'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
