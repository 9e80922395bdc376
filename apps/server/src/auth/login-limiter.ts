/**
 * Counts failed sign-ins per address and per IP in a sliding window. In memory: with several
 * server instances each keeps its own count (see docs/decisions/004-login-rate-limit.md).
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly perAddress: number,
    private readonly perIp: number,
    private readonly windowMs = 15 * 60_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  isBlocked(email: string, ip: string, now = Date.now()): boolean {
    return (
      this.recent(`e:${email}`, now).length >= this.perAddress ||
      this.recent(`i:${ip}`, now).length >= this.perIp
    );
  }

  recordFailure(email: string, ip: string, now = Date.now()): void {
    for (const key of [`e:${email}`, `i:${ip}`]) this.failures.set(key, [...this.recent(key, now), now]);
  }

  recordSuccess(email: string): void {
    this.failures.delete(`e:${email}`);
  }
}
