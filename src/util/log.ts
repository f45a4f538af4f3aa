// A correctly rounded natural logarithm. V8's Math.log (fdlibm) is faithful but not correctly
// rounded: it differs by one ulp from glibc's log — which Python's math.log calls — on 1,986 of the
// values k + 0.5 below 200,000, and rank_bm25's idf is a difference of two such logs. Here the
// logarithm is computed in double-double arithmetic (about 106 bits) and rounded once.

type DoubleDouble = [hi: number, lo: number];

const SPLITTER = 134217729; // 2^27 + 1, Veltkamp splitting
const SQRT2 = Math.SQRT2;
// ln 2 as a double-double.
const LN2: DoubleDouble = [0.6931471805599453, 2.3190468138462996e-17];

function twoSum(a: number, b: number): DoubleDouble {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

function quickTwoSum(a: number, b: number): DoubleDouble {
  const s = a + b;
  return [s, b - (s - a)];
}

function twoProduct(a: number, b: number): DoubleDouble {
  const p = a * b;
  let t = SPLITTER * a;
  const aHi = t - (t - a);
  const aLo = a - aHi;
  t = SPLITTER * b;
  const bHi = t - (t - b);
  const bLo = b - bHi;
  return [p, aHi * bHi - p + aHi * bLo + aLo * bHi + aLo * bLo];
}

function add(a: DoubleDouble, b: DoubleDouble): DoubleDouble {
  const [s1, s2] = twoSum(a[0], b[0]);
  const [t1, t2] = twoSum(a[1], b[1]);
  const [u1, u2] = quickTwoSum(s1, s2 + t1);
  return quickTwoSum(u1, u2 + t2);
}

function multiply(a: DoubleDouble, b: DoubleDouble): DoubleDouble {
  const [p, e] = twoProduct(a[0], b[0]);
  return quickTwoSum(p, e + a[0] * b[1] + a[1] * b[0]);
}

function scale(a: DoubleDouble, factor: number): DoubleDouble {
  const [p, e] = twoProduct(a[0], factor);
  return quickTwoSum(p, e + a[1] * factor);
}

function divide(a: DoubleDouble, b: DoubleDouble): DoubleDouble {
  const q1 = a[0] / b[0];
  let r = add(a, scale(b, -q1));
  const q2 = r[0] / b[0];
  r = add(r, scale(b, -q2));
  const q3 = r[0] / b[0];
  return add(quickTwoSum(q1, q2), [q3, 0]);
}

const view = new DataView(new ArrayBuffer(8));

/** `x = m · 2^e` with m in [√½, √2). */
function decompose(x: number): { m: number; e: number } {
  let e = 0;
  let value = x;
  if (value < 2.2250738585072014e-308) {
    value *= 2 ** 54; // subnormal: make it normal first
    e = -54;
  }
  view.setFloat64(0, value);
  const biased = (view.getUint16(0) >> 4) & 0x7ff;
  e += biased - 1023;
  view.setUint16(0, (view.getUint16(0) & 0x800f) | (1023 << 4));
  let m = view.getFloat64(0);
  if (m > SQRT2) {
    m /= 2;
    e += 1;
  }
  return { m, e };
}

/** ln x rounded to the nearest double (as glibc's log); NaN, ±0, negative and infinite inputs as Math.log. */
export function correctlyRoundedLog(x: number): number {
  if (!(x > 0) || x === Infinity) return Math.log(x);
  const { m, e } = decompose(x);
  // ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| < 0.172: the series s + s³/3 + s⁵/5 + …
  const s = divide([m - 1, 0], twoSum(m, 1));
  const s2 = multiply(s, s);
  let term = s;
  let sum = s;
  for (let k = 3; Math.abs(term[0]) > 1e-40 * Math.abs(sum[0]); k += 2) {
    term = multiply(term, s2);
    sum = add(sum, divide(term, [k, 0]));
  }
  const result = add(scale(sum, 2), scale(LN2, e));
  return result[0] + result[1];
}
