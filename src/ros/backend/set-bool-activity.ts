import type { ActivityStatus } from '../../core/motion-types.js';
import type { RosTransport } from '../transport/ros-transport.js';

export interface SetBoolEnd {
  status: ActivityStatus;
  /** The value the call asked for. */
  data?: boolean;
  /** The service's message (why it failed, or what it did). */
  message?: string;
}

/**
 * A std_srvs/SetBool service as an activity the robot core watches: a call starts it, and it is
 * active until the answer (or a transport error or timeout) ends it. The robot core polls
 * `state()` on every backend update, so the end is also announced through `notify`. A newer call
 * wins: the answer to an older one is ignored.
 */
export class SetBoolActivity {
  private current: SetBoolEnd = { status: 'idle' };
  private calls = 0;

  constructor(
    private readonly transport: RosTransport,
    readonly service: string,
    private readonly timeoutMs: number,
    private readonly notify: () => void,
    private readonly onSuccess: (data: boolean, message: string) => void = () => undefined,
  ) {}

  call(data: boolean): void {
    const call = ++this.calls;
    this.current = { status: 'active', data };
    this.transport.callService(this.service, 'std_srvs/SetBool', { data }, this.timeoutMs).then(
      (response) => {
        if (call !== this.calls) return;
        const message = String(response.message ?? '');
        if (response.success === true) this.onSuccess(data, message);
        this.finish({ status: response.success === true ? 'succeeded' : 'failed', data, message: message || `${this.service} refused` });
      },
      (error: unknown) => {
        if (call === this.calls) this.finish({ status: 'failed', data, message: `${this.service} call failed: ${(error as Error).message}` });
      },
    );
  }

  state(): SetBoolEnd {
    return this.current;
  }

  /** A service call cannot be taken back: a gripper behind SetBool ends its own move. */
  abandon(): void {}

  private finish(end: SetBoolEnd): void {
    this.current = end;
    this.notify();
  }
}
