/**
 * The robot's states and the transitions allowed between them. Goals change state only through
 * `StateMachine.transition`, so an impossible transition is a programming error caught here.
 */
export const ROBOT_STATES = ['IDLE', 'NAVIGATING', 'SENSING', 'MANIPULATING', 'CHARGING', 'STOPPING', 'ERROR', 'ESTOPPED'] as const;
export type RobotState = (typeof ROBOT_STATES)[number];

const ALLOWED: Record<RobotState, readonly RobotState[]> = {
  IDLE: ['NAVIGATING', 'SENSING', 'MANIPULATING', 'CHARGING', 'STOPPING', 'ERROR', 'ESTOPPED'],
  // A multi-step operation (approach, deliver) goes from one step's state to the next directly.
  NAVIGATING: ['IDLE', 'SENSING', 'MANIPULATING', 'STOPPING', 'ERROR', 'ESTOPPED'],
  SENSING: ['IDLE', 'NAVIGATING', 'MANIPULATING', 'STOPPING', 'ERROR', 'ESTOPPED'],
  MANIPULATING: ['IDLE', 'NAVIGATING', 'SENSING', 'STOPPING', 'ERROR', 'ESTOPPED'],
  CHARGING: ['IDLE', 'STOPPING', 'ERROR', 'ESTOPPED'],
  // Braking after a stop, a cancel or an e-stop: at rest it settles in IDLE, or ESTOPPED while the
  // e-stop is latched. A new goal may take over the base before then.
  STOPPING: ['IDLE', 'ESTOPPED', 'NAVIGATING', 'SENSING', 'MANIPULATING', 'CHARGING', 'ERROR'],
  // A fault clears to IDLE once its cause is gone; an e-stop only through an explicit reset.
  ERROR: ['IDLE', 'CHARGING', 'ESTOPPED'],
  ESTOPPED: ['IDLE'],
};

export function canTransition(from: RobotState, to: RobotState): boolean {
  return from === to || ALLOWED[from].includes(to);
}

export class StateMachine {
  private current: RobotState = 'IDLE';

  constructor(private readonly onChange: (from: RobotState, to: RobotState, reason: string) => void) {}

  get state(): RobotState {
    return this.current;
  }

  transition(to: RobotState, reason: string): void {
    const from = this.current;
    if (from === to) return;
    if (!canTransition(from, to)) throw new Error(`illegal robot state transition ${from} -> ${to} (${reason})`);
    this.current = to;
    this.onChange(from, to, reason);
  }
}
