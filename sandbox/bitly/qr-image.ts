/**
 * QR-looking images: a 25x25 module grid with the three finder squares and modules derived from a
 * hash of the content. Not a scannable QR code; a valid SVG document and a valid PNG file.
 */
import { deflateSync } from 'node:zlib';
import { hash32 } from '../common/random.js';

const N = 25;
const QUIET = 2;

function isFinder(x: number, y: number): boolean | null {
  for (const [ox, oy] of [
    [0, 0],
    [N - 7, 0],
    [0, N - 7],
  ]) {
    const dx = x - ox;
    const dy = y - oy;
    if (dx >= -1 && dx <= 7 && dy >= -1 && dy <= 7) {
      if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return false;
      const ring = Math.max(Math.abs(dx - 3), Math.abs(dy - 3));
      return ring !== 2;
    }
  }
  return null;
}

export function modules(content: string): boolean[][] {
  const grid: boolean[][] = [];
  for (let y = 0; y < N; y += 1) {
    const row: boolean[] = [];
    for (let x = 0; x < N; x += 1) {
      const f = isFinder(x, y);
      row.push(f !== null ? f : (hash32(`${content}|${x}|${y}`) & 1) === 1);
    }
    grid.push(row);
  }
  return grid;
}

function color(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : fallback;
}

export function qrSvg(content: string, customizations: Record<string, unknown> = {}): string {
  const fg = color(customizations.dot_pattern_color ?? customizations.color, '#000000');
  const bg = color(customizations.background_color, '#ffffff');
  const size = N + QUIET * 2;
  let d = '';
  modules(content).forEach((row, y) =>
    row.forEach((on, x) => {
      if (on) d += `M${x + QUIET} ${y + QUIET}h1v1h-1z`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 10}" height="${size * 10}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="${bg}"/><path d="${d}" fill="${fg}"/></svg>\n`;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** 8-bit grayscale PNG, 4 pixels per module. */
export function qrPng(content: string): Buffer {
  const scale = 4;
  const side = (N + QUIET * 2) * scale;
  const grid = modules(content);
  const raw = Buffer.alloc(side * (side + 1), 255);
  for (let py = 0; py < side; py += 1) {
    const rowStart = py * (side + 1);
    raw[rowStart] = 0;
    const my = Math.floor(py / scale) - QUIET;
    for (let px = 0; px < side; px += 1) {
      const mx = Math.floor(px / scale) - QUIET;
      const on = my >= 0 && my < N && mx >= 0 && mx < N && grid[my][mx];
      raw[rowStart + 1 + px] = on ? 0 : 255;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type ImageFormat = 'svg' | 'png';
export const MEDIA_TYPE: Record<ImageFormat, string> = { svg: 'image/svg+xml', png: 'image/png' };

export function render(format: ImageFormat, content: string, customizations?: Record<string, unknown>): Buffer {
  return format === 'png' ? qrPng(content) : Buffer.from(qrSvg(content, customizations), 'utf8');
}

export type AcceptChoice = { kind: 'json' } | { kind: 'image'; format: ImageFormat } | { kind: 'none' } | { kind: 'unsupported' };

/** What the Accept header asks for: an image type, JSON, nothing specific (absent, * / *), or something unsupported. */
export function negotiate(accept: string | undefined): AcceptChoice {
  if (!accept || accept.trim() === '') return { kind: 'none' };
  const types = accept
    .split(',')
    .map((part, i) => {
      const [type, ...ps] = part.trim().toLowerCase().split(';');
      const qp = ps.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: qp ? Number(qp.slice(2)) : 1, i };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const t of types) {
    if (t.type === 'image/svg+xml') return { kind: 'image', format: 'svg' };
    if (t.type === 'image/png') return { kind: 'image', format: 'png' };
    if (t.type === 'application/json') return { kind: 'json' };
    if (t.type === '*/*' || t.type === 'image/*') return { kind: 'none' };
  }
  return { kind: 'unsupported' };
}
