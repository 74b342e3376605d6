/**
 * Office files, for documents only sent to the gestoría (purpose SEND).
 *  - OOXML (.docx/.xlsx) is a ZIP: the central directory is read (never `unzip` everything), the
 *    entry count and the declared sizes are bounded, every entry is then inflated under a cap (the
 *    declared sizes may lie), and macros (`vbaProject.bin`, macro-enabled content types) are refused.
 *  - Legacy .doc/.xls is an OLE compound file (MS-CFB): its directory entries (128 bytes each, at
 *    128-byte boundaries after the 512-byte header) name the streams; VBA storages mean macros.
 */

import { LIMITS, type Refusal, refuse, type SniffedType, u16le, u32le } from './content-check';
import { inflateCapped } from './inflate-capped';

export type OfficeResult = { type: SniffedType } | Refusal;

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function centralDirectory(bytes: Uint8Array): ZipEntry[] | Refusal {
  // End of central directory: 22 bytes + a comment of up to 65 535 bytes, at the end.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (u32le(bytes, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return refuse('El documento de Office está incompleto o dañado.');
  const count = u16le(bytes, eocd + 10);
  const cdOffset = u32le(bytes, eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff)
    return refuse('El documento de Office usa un formato ZIP64 que no se admite.');
  if (count > LIMITS.zipEntries)
    return refuse(
      `El documento de Office contiene demasiados archivos (${count}; máximo ${LIMITS.zipEntries}).`,
    );
  const entries: ZipEntry[] = [];
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || u32le(bytes, at) !== 0x02014b50)
      return refuse('El documento de Office está incompleto o dañado.');
    const nameLength = u16le(bytes, at + 28);
    entries.push({
      flags: u16le(bytes, at + 8),
      method: u16le(bytes, at + 10),
      compressedSize: u32le(bytes, at + 20),
      size: u32le(bytes, at + 24),
      localOffset: u32le(bytes, at + 42),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + u16le(bytes, at + 30) + u16le(bytes, at + 32);
  }
  return entries;
}

const isRefusal = (x: unknown): x is Refusal => typeof x === 'object' && x !== null && 'ok' in x;

function entryData(bytes: Uint8Array, e: ZipEntry): Uint8Array | null {
  const at = e.localOffset;
  if (at + 30 > bytes.length || u32le(bytes, at) !== 0x04034b50) return null;
  const start = at + 30 + u16le(bytes, at + 26) + u16le(bytes, at + 28);
  if (start + e.compressedSize > bytes.length) return null;
  return bytes.subarray(start, start + e.compressedSize);
}

const bomb = () =>
  refuse(
    'El documento de Office se descomprime a un tamaño desproporcionado (posible bomba de descompresión).',
  );

export function checkOoxml(bytes: Uint8Array): OfficeResult {
  const entries = centralDirectory(bytes);
  if (isRefusal(entries)) return entries;
  const names = entries.map((e) => e.name);
  const type: SniffedType | null = names.includes('word/document.xml')
    ? 'docx'
    : names.includes('xl/workbook.xml')
      ? 'xlsx'
      : null;
  if (!type || !names.includes('[Content_Types].xml'))
    return refuse('El archivo ZIP no es un documento de Word ni de Excel.');
  if (names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n) || /(^|\/)vbaData\.xml$/i.test(n)))
    return refuse('El documento de Office contiene macros, que no se admiten.');
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  const compressed = entries.reduce((sum, e) => sum + e.compressedSize, 0);
  if (declared > LIMITS.zipUncompressed || declared > LIMITS.zipRatio * Math.max(1, compressed))
    return bomb();
  // The declared sizes are the uploader's word: inflate every entry under them and the overall cap.
  let budget = LIMITS.zipUncompressed;
  for (const e of entries) {
    if (e.flags & 1) return refuse('El documento de Office está cifrado o protegido con contraseña.');
    const data = entryData(bytes, e);
    if (!data) return refuse('El documento de Office está incompleto o dañado.');
    const keep = e.name === '[Content_Types].xml';
    let produced: Uint8Array | null = null;
    if (e.method === 0) {
      produced = data;
      budget -= data.length;
    } else if (e.method === 8) {
      const inflated = inflateCapped(data, { format: 'raw', limit: Math.min(e.size, budget), keep });
      if (inflated.exceeded) return bomb();
      if (inflated.broken) return refuse('El documento de Office está incompleto o dañado.');
      budget -= inflated.size;
      produced = inflated.bytes;
    } else {
      return refuse('El documento de Office usa una compresión que no se admite.');
    }
    if (budget < 0) return bomb();
    if (keep && produced && /macroEnabled|vbaProject/i.test(new TextDecoder().decode(produced)))
      return refuse('El documento de Office contiene macros, que no se admiten.');
  }
  return { type };
}

/** Directory entry names of a compound file (MS-CFB §2.6): UTF-16LE name, its byte length at +64, type at +66. */
function oleNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  for (let at = 512; at + 128 <= bytes.length; at += 128) {
    const length = u16le(bytes, at + 64);
    const kind = bytes[at + 66];
    if (length < 4 || length > 64 || length % 2 !== 0 || (kind !== 1 && kind !== 2 && kind !== 5)) continue;
    let name = new TextDecoder('utf-16le').decode(bytes.subarray(at, at + length - 2));
    // Some stream names start with a control character (\u0001CompObj, \u0005SummaryInformation).
    if (name.charCodeAt(0) < 0x20) name = name.slice(1);
    if (/^[ -~]+$/.test(name)) names.push(name);
  }
  return names;
}

export function checkOle(bytes: Uint8Array): OfficeResult {
  if (bytes.length < 1536) return refuse('El documento de Office está incompleto o dañado.');
  const names = oleNames(bytes);
  if (names.some((n) => /^(Macros|_VBA_PROJECT_CUR|VBA|_VBA_PROJECT|PROJECT)$/i.test(n)))
    return refuse('El documento de Office contiene macros, que no se admiten.');
  if (names.includes('EncryptedPackage') || names.includes('EncryptionInfo'))
    return refuse('El documento de Office está cifrado o protegido con contraseña.');
  if (names.includes('WordDocument')) return { type: 'doc' };
  if (names.includes('Workbook') || names.includes('Book')) return { type: 'xls' };
  return refuse('El archivo no es un documento de Word ni de Excel.');
}
