import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';

/**
 * A tally of the tool calls a mission has made, by tool and by whether they worked, so a mission
 * that runs out of budget can still say what it did instead of only that it stopped.
 */
export class CallsDone {
  private readonly succeeded = new Map<string, number>();
  private failed = 0;

  record(names: readonly string[], results: readonly ToolResultBlockParam[]): void {
    names.forEach((name, i) => {
      if (results[i]?.is_error) this.failed++;
      else this.succeeded.set(name, (this.succeeded.get(name) ?? 0) + 1);
    });
  }

  /** For a person: "navigate_to_zone ×3, grasp_object ×1 worked; 2 calls failed". */
  describe(): string {
    const worked = [...this.succeeded].map(([name, n]) => `${name} ×${n}`).join(', ');
    const failed = this.failed ? `${this.failed} call${this.failed === 1 ? '' : 's'} failed` : '';
    if (!worked) return failed ? `nothing worked; ${failed}` : 'no calls were made';
    return failed ? `${worked} worked; ${failed}` : `${worked} worked`;
  }
}
