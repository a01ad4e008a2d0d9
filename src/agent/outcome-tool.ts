import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { z } from 'zod';

/**
 * The agent's own tool (not an MCP tool): the model ends a mission by reporting its outcome,
 * so "succeeded" is a claim the model makes explicitly, never inferred from silence. The report
 * lists the mission's goals, each checked or not; a success claimed while a goal it lists is not
 * met is recorded as a failure, whoever makes the claim.
 */
export const REPORT_TOOL_NAME = 'report_mission_outcome';

export const GOAL_STATUSES = ['met', 'unmet', 'not_attempted'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

/** One goal of the instruction and what the robot's own sensing said about it at the end. */
export interface GoalReport {
  text: string;
  status: GoalStatus;
  evidence: string;
}

/**
 * A failed mission may end by asking the person to choose: the words fitted several objects (or
 * places) equally well. Each option says what it is and the words that pick it when said after
 * the instruction ("…, I mean <answer>"): a front end offers them, and the person's choice runs
 * the instruction again with those words.
 */
export interface WhichOneQuestion {
  text: string;
  /** The instruction's words that fitted several ("red cube", "ball by the wall"), when known. */
  said?: string;
  options: Array<{ label: string; answer: string }>;
}

export const REPORT_TOOL: Tool = {
  name: REPORT_TOOL_NAME,
  description:
    'Call this exactly once, last, to end the mission. goals: every condition the instruction asked for (an object in a zone, holding an object, the robot at a place, a parameter value, a question answered, a constraint kept), each checked with the tools after acting (look again, read the status) and marked met, unmet or not_attempted with the evidence. outcome "succeeded" only if every goal is met; "failed" otherwise (a success with a goal not met is recorded as failed). summary is one or two sentences for the person, saying what was done and what was not.',
  input_schema: {
    type: 'object',
    properties: {
      outcome: { type: 'string', enum: ['succeeded', 'failed'] },
      summary: { type: 'string' },
      goals: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            text: { type: 'string', description: 'the goal in plain words, e.g. "red cube in bin_a"' },
            status: { type: 'string', enum: [...GOAL_STATUSES] },
            evidence: { type: 'string', description: 'what the robot sensed that shows it, e.g. "seen at (8.1, 1.2) in bin_a by detect_objects"' },
          },
          required: ['text', 'status', 'evidence'],
        },
      },
      question: {
        type: 'object',
        description: 'only with outcome "failed", when the instruction fitted several objects equally well and you did not pick one: ask which, with one option per candidate',
        properties: {
          text: { type: 'string', description: 'the question, e.g. "Which red cube do you mean?"' },
          said: { type: 'string', description: 'the words of the instruction that fitted several, e.g. "red cube"' },
          options: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                label: { type: 'string', description: 'the candidate as the person would recognise it, e.g. "red_cube#2 at (6.0, 6.4) on the shelf"' },
                answer: { type: 'string', description: 'words that pick it out when said after the instruction, e.g. "the red cube at (6.0, 6.4)"' },
              },
              required: ['label', 'answer'],
            },
          },
        },
        required: ['text', 'options'],
      },
    },
    required: ['outcome', 'summary', 'goals'],
  },
};

export interface ReportedOutcome {
  outcome: 'succeeded' | 'failed';
  summary: string;
  /** Absent only in reports from before goals were asked for (old recordings). */
  goals?: GoalReport[];
  /** A failed mission's question to the person: which of several was meant. */
  question?: WhichOneQuestion;
}

export function parseReport(input: unknown): ReportedOutcome | { error: string } {
  const i = input as { outcome?: unknown; summary?: unknown; goals?: unknown; question?: unknown } | null;
  if (!i || (i.outcome !== 'succeeded' && i.outcome !== 'failed') || typeof i.summary !== 'string' || !i.summary.trim()) {
    return { error: 'report_mission_outcome needs outcome "succeeded" or "failed" and a non-empty summary' };
  }
  const goals = parseGoals(i.goals);
  if (goals && 'error' in goals) return goals;
  const summary = i.summary.trim();
  const open = goals?.filter((g) => g.status !== 'met') ?? [];
  if (i.outcome === 'succeeded' && open.length) {
    // The claim and the goals disagree: the goals, which say what was checked, win.
    const which = open.map((g) => `"${g.text}" ${g.status === 'unmet' ? 'is not met' : 'was not attempted'}`).join('; ');
    return { outcome: 'failed', summary: `${summary} (reported as succeeded, but ${which})`, goals };
  }
  // A question is asked only by a mission that did not do what was asked; a malformed one is dropped, not fatal.
  const question = i.outcome === 'failed' ? Question.safeParse(i.question) : undefined;
  return { outcome: i.outcome, summary, ...(goals ? { goals } : {}), ...(question?.success ? { question: question.data } : {}) };
}

const Question = z.object({
  text: z.string().trim().min(1),
  said: z.string().trim().min(1).optional(),
  options: z.array(z.object({ label: z.string().trim().min(1), answer: z.string().trim().min(1) })).min(2),
});

const GoalList = z.array(z.object({ text: z.string().trim().min(1), status: z.enum(GOAL_STATUSES), evidence: z.string().trim().default('') }));

function parseGoals(value: unknown): GoalReport[] | undefined | { error: string } {
  if (value === undefined) return undefined;
  const parsed = GoalList.safeParse(value);
  return parsed.success ? parsed.data : { error: 'report_mission_outcome: goals must be a list of { text, status: met | unmet | not_attempted, evidence }' };
}
