import { closeSync, openSync, readSync } from 'node:fs';

/**
 * The first and the last non-blank line of a file, read from its two ends: what a list of
 * recordings needs (the header and how the mission ended) without reading the calls between.
 */
export interface LineEnds {
  first: string | undefined;
  last: string | undefined;
}

const CHUNK = 16 * 1024;
const NEWLINE = 0x0a;

/** Reads `file` (of `size` bytes) from both ends; lines longer than a chunk are read in growing chunks. */
export function readLineEnds(file: string, size: number): LineEnds {
  const fd = openSync(file, 'r');
  try {
    return { first: firstLine(fd, size), last: lastLine(fd, size) };
  } finally {
    closeSync(fd);
  }
}

function firstLine(fd: number, size: number): string | undefined {
  for (let length = Math.min(CHUNK, size); ; length = Math.min(length * 2, size)) {
    const head = readAt(fd, 0, length);
    const end = head.indexOf(NEWLINE);
    if (end >= 0 || length === size) return nonBlank(head.subarray(0, end >= 0 ? end : head.length).toString('utf8'));
  }
}

function lastLine(fd: number, size: number): string | undefined {
  for (let length = Math.min(CHUNK, size); ; length = Math.min(length * 2, size)) {
    const tail = readAt(fd, size - length, length);
    let end = tail.length;
    while (end > 0 && isBlank(tail[end - 1]!)) end--; // the trailing newline (and blank lines) end no line
    if (end === 0) {
      if (length === size) return undefined;
      continue;
    }
    const start = tail.lastIndexOf(NEWLINE, end - 1);
    // The line is whole once a newline precedes it, or the chunk reaches the file's start.
    if (start >= 0 || length === size) return nonBlank(tail.subarray(start + 1, end).toString('utf8'));
  }
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

function isBlank(byte: number): boolean {
  return byte === NEWLINE || byte === 0x0d || byte === 0x20 || byte === 0x09;
}

function nonBlank(line: string): string | undefined {
  return line.trim() ? line : undefined;
}
