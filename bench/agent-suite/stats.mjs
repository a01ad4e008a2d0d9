// Small figures for the agent bench: medians and rates, rounded the way the report prints them.

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** A share of `n`, to 0.001; null when there is nothing to share. */
export function rate(count, n) {
  return n ? Math.round((count / n) * 1000) / 1000 : null;
}

export function percent(r) {
  return r === null ? 'n/a' : `${(r * 100).toFixed(1)}%`;
}
