// Decodes a content file as UTF-8, or says which encoding it was probably saved in and how to fix it.
import type { Text } from '../messages/text.ts';
import { fileProblems } from '../refusals.ts';

/** The text of a UTF-8 file, or where decoding failed and the likely encoding. */
export type Decoded = { text: string } | { line: number; message: Text };

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 (a byte-order mark allowed) decodes; anything else gets a message naming the encoding it looks like. */
export function decodeText(bytes: Uint8Array): Decoded {
  const utf16 = looksUtf16(bytes);
  if (!utf16) {
    try {
      return { text: UTF8.decode(bytes) };
    } catch {
      // Fall through: report the first byte that is not UTF-8.
    }
  }
  const at = utf16 ? 0 : firstInvalidUtf8(bytes);
  let line = 1;
  for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
  const encoding = utf16 ?? guessSingleByte(bytes);
  return { line, message: fileProblems.notUtf8(encoding, utf16 ? undefined : bytes[at]!) };
}

function looksUtf16(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16 (little-endian)';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16 (big-endian)';
  // Without a byte-order mark, ASCII saved as UTF-16 has a zero in every other byte.
  const sample = bytes.subarray(0, 512);
  // Text has no zero byte at all: one native search instead of a loop over every file's first bytes.
  if (sample.indexOf(0) === -1) return undefined;
  let zeros = 0;
  for (const byte of sample) if (byte === 0) zeros++;
  if (sample.length >= 4 && zeros >= sample.length / 4) return sample[0] === 0 ? 'UTF-16 (big-endian)' : 'UTF-16 (little-endian)';
  return undefined;
}

// Bytes 0x80–0x9F are control characters in Latin-1 but letters and quotes in Windows-1252 (€, ’, “).
function guessSingleByte(bytes: Uint8Array): string {
  for (const byte of bytes) if (byte >= 0x80 && byte <= 0x9f) return 'Windows-1252';
  return 'Latin-1 (ISO-8859-1)';
}

function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    for (let k = 1; k < length; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    // Overlong and surrogate forms are rare enough in practice that the strict decoder's verdict is kept.
    i += length;
  }
  return Math.max(0, bytes.length - 1);
}
