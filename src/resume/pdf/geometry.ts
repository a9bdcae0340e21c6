/**
 * Affine matrices and axis-aligned boxes in the form pdf.js uses them, for the content interpreter.
 * Pure.
 */

/** 2D affine matrix [a, b, c, d, e, f]: x' = a x + c y + e, y' = b x + d y + f (pdf.js order). */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** m1 ∘ m2: apply m2 first, then m1 (pdf.js Util.transform). */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1],
    m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3],
    m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4],
    m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Axis-aligned box of a user-space rectangle after a transform (its four corners, as `apply` maps them). */
export function transformBox(m: Matrix, x0: number, y0: number, x1: number, y1: number): Box {
  const ax = m[0] * x0 + m[2] * y0 + m[4];
  const ay = m[1] * x0 + m[3] * y0 + m[5];
  const bx = m[0] * x1 + m[2] * y0 + m[4];
  const by = m[1] * x1 + m[3] * y0 + m[5];
  const cx = m[0] * x0 + m[2] * y1 + m[4];
  const cy = m[1] * x0 + m[3] * y1 + m[5];
  const dx = m[0] * x1 + m[2] * y1 + m[4];
  const dy = m[1] * x1 + m[3] * y1 + m[5];
  return {
    x0: Math.min(ax, bx, cx, dx),
    y0: Math.min(ay, by, cy, dy),
    x1: Math.max(ax, bx, cx, dx),
    y1: Math.max(ay, by, cy, dy),
  };
}

export function intersect(a: Box | null, b: Box): Box {
  if (!a) return b;
  return { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
}

export function asMatrix(v: unknown): Matrix | null {
  const a = v as ArrayLike<number> | null | undefined;
  if (!a || typeof a.length !== "number" || a.length < 6) return null;
  const m: Matrix = [Number(a[0]), Number(a[1]), Number(a[2]), Number(a[3]), Number(a[4]), Number(a[5])];
  return m.every(Number.isFinite) ? m : null;
}

export function num(v: unknown, fallback = 0): number {
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? n : fallback;
}
