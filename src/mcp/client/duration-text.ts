/** A duration as the servers' status lines and failure reasons write it: 0.02s, 5s. */
export function seconds(ms: number): string {
  return `${Math.round(ms) / 1000}s`;
}
