import { toolFailure, type ToolCallExtra, type ToolFailure } from '../../tool-declaration.js';
import type { RobotToolContext } from './context.js';

/**
 * The confirmation releasing a latched e-stop needs, enforced by the server whoever the caller
 * is: the client's person is asked through MCP elicitation when the client supports it; a client
 * that cannot ask is refused unless the server's operator allowed unconfirmed resets (the
 * embedded server's agent confirms tools itself). Returns the refusal, or undefined to go ahead.
 * The answer goes to the audit log with the caller.
 */
export async function confirmRelease({ robot, session }: RobotToolContext, extra: ToolCallExtra): Promise<ToolFailure | undefined> {
  if (!session) return undefined;
  const latched = robot.events.query(robot.now(), undefined, ['safety']).findLast((e) => e.message.startsWith('EMERGENCY STOP'));
  const question = `Release the robot's emergency stop${latched ? ` (${latched.message.replace(/^EMERGENCY STOP: /, '')}, latched at robot time ${latched.t.toFixed(1)} s)` : ''}? Only if it is safe: the robot stays disarmed until someone arms it.`;
  const answer = await session.confirm(question, 'Release the emergency stop', extra.requestId);
  session.audit({ event: 'confirmation', tool: 'reset_emergency_stop', answer, policy: session.options.unconfirmedReset });
  switch (answer) {
    case 'accepted':
      return undefined;
    case 'unsupported':
      if (session.options.unconfirmedReset === 'allowed') return undefined;
      return toolFailure(
        'confirmation_required',
        'releasing the emergency stop needs a person to confirm, and this client cannot ask (it does not support MCP elicitation); release it from a client that does, or restart the server with --allow-unconfirmed-estop-reset',
      );
    case 'declined':
      return toolFailure('confirmation_declined', 'the emergency stop stays latched: the person asked declined to release it');
    case 'unanswered':
      return toolFailure('confirmation_declined', 'the emergency stop stays latched: nobody confirmed releasing it in time');
  }
}
