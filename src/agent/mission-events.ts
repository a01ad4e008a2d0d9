import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { StopReason, TokenUsage } from './model-provider.js';
import type { GoalReport, WhichOneQuestion } from './outcome-tool.js';

/**
 * The one event stream of a mission. The plain printer, the --json report, the TUI and the
 * recorder all consume it; nothing else watches the agent loop.
 */
export type MissionOutcome = 'succeeded' | 'failed' | 'aborted';

export interface Telemetry {
  simTime: number;
  x: number;
  y: number;
  heading: number;
  battery: number;
  state: string;
  holding: string | null;
}

export type MissionEvent =
  | { type: 'mission_started'; instruction: string; provider: string; model: string; tools: string[]; simTime: number }
  | { type: 'model_request'; step: number; messageCount: number }
  | { type: 'model_text_delta'; text: string }
  | { type: 'model_turn'; step: number; content: ContentBlockParam[]; stopReason: StopReason; usage: TokenUsage; model: string }
  | { type: 'tool_call_started'; callId: string; name: string; args: Record<string, unknown> }
  | { type: 'tool_call_progress'; callId: string; name: string; progress: number; total?: number; message?: string }
  | { type: 'confirmation'; callId: string; name: string; approved: boolean; by: 'user' | 'flag' | 'policy' }
  | {
      type: 'tool_call_finished';
      callId: string;
      name: string;
      args: Record<string, unknown>;
      result: CallToolResult;
      isError: boolean;
      /** Wall-clock duration: informative only, never compared by replays. */
      wallMs: number;
      /** Robot time the call took. */
      simSeconds: number;
    }
  | { type: 'telemetry'; telemetry: Telemetry }
  | { type: 'notice'; level: 'info' | 'warning'; message: string }
  | {
      type: 'mission_finished';
      outcome: MissionOutcome;
      summary: string;
      /** The instruction's goals as the outcome report listed them, each checked or not. */
      goals?: GoalReport[];
      /** A failed mission's question: which of several objects was meant (outcome-tool.ts). */
      question?: WhichOneQuestion;
      steps: number;
      usage: TokenUsage;
      costUsd?: number;
      wallMs: number;
      simSeconds: number;
    };

export type MissionEventListener = (event: MissionEvent) => void;
