import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listRecordings } from '../../src/replay/recording-index.js';
import { PROVIDERS } from '../../src/runtime/provider-choice.js';
import { listScenarios } from '../../src/sim/scenario.js';
import { acceptSuggestion, suggestionsFor, type CompletionSources } from '../../src/tui/completion.js';
import { SLASH_COMMANDS } from '../../src/tui/slash-commands.js';

const root = resolve(import.meta.dirname, '../..');
const replays = join(root, 'missions/replays');
/** The real sources: the built-in scenarios and the repository's recorded missions as the recordings folder. */
const sources: CompletionSources = { scenarios: () => listScenarios(), recordings: () => listRecordings(replays), cwd: root };
const values = (line: string) => suggestionsFor(line, sources)?.items.map((i) => i.value);
/** What Tab (or Enter on a command) leaves in the prompt: the first suggestion accepted. */
const complete = (line: string) => {
  const s = suggestionsFor(line, sources)!;
  return acceptSuggestion(line, s, s.items[0]!);
};

describe('slash command completion', () => {
  it('lists every command after a lone slash, and narrows by what is typed', () => {
    expect(values('/')).toEqual(SLASH_COMMANDS.map((c) => c.name));
    expect(values('/s')).toEqual(['status', 'scenario']);
    expect(values('/sc')).toEqual(['scenario']);
    expect(values('/EX')).toEqual(['quit']); // by an alias, case-blind
    expect(values('/fly')).toEqual([]);
    expect(suggestionsFor('go to bin a', sources)).toBeNull();
    expect(values('/status')).toEqual([]); // typed in full: nothing left to offer
    expect(values('/replay')).toEqual(['replay']); // …unless an argument is still to come
    const replay = suggestionsFor('/rep', sources)!.items[0]!;
    expect(replay).toMatchObject({ label: '/replay FILE|last [SPEED]', continues: true, description: expect.stringMatching(/play a recording back/) });
  });

  it('completes a command with its space, then the command\'s argument', () => {
    expect(complete('/sc')).toBe('/scenario ');
    expect(values('/scenario ')).toEqual(['cluttered', 'dim', 'empty', 'low-battery', 'twins', 'warehouse']);
    expect(complete('/scenario war')).toBe('/scenario warehouse');
    expect(values('/scenario warehouse')).toEqual([]);
    expect(complete('/scenarios l')).toBe('/scenarios low-battery');
    expect(values('/provider ')).toEqual(['planner', 'anthropic']);
    // The providers are the runtime's own table, with its descriptions, not a copy of it.
    expect(suggestionsFor('/provider ', sources)!.items).toEqual(PROVIDERS.map((p) => ({ value: p.name, description: p.description })));
    expect(complete('/provider a')).toBe('/provider anthropic');
    // Only the first argument is completed; commands without one offer nothing.
    expect(suggestionsFor('/provider anthropic claude', sources)).toBeNull();
    expect(suggestionsFor('/status ', sources)).toBeNull();
  });

  it('offers the recordings folder\'s missions, newest first, found by file name or instruction', () => {
    const all = suggestionsFor('/replay ', sources)!.items;
    const newest = listRecordings(replays)[0]!;
    expect(all.length).toBe(listRecordings(replays).length + 1);
    // `last` first, as the CLI's `replay last`, saying which one it is; then each, newest first.
    expect(all[0]).toEqual({ value: 'last', description: `the newest: ${newest.instruction} · ${newest.scenario} · ${newest.outcome}` });
    expect(all[1]!.value).toBe(newest.path);
    expect(complete('/replay la')).toBe('/replay last');
    expect(suggestionsFor('/replay ', { ...sources, recordings: () => [] })?.items).toEqual([]); // no recordings: no `last` either
    const cancelled = suggestionsFor('/replay anthropic-fake-c', sources)!.items;
    expect(cancelled.map((i) => i.label)).toEqual(['anthropic-fake-cancelled-operation.jsonl']);
    expect(cancelled[0]!.value).toBe(join(replays, 'anthropic-fake-cancelled-operation.jsonl'));
    expect(cancelled[0]!.description).toMatch(/ · warehouse · (succeeded|failed|aborted)$/);
    const byInstruction = suggestionsFor('/replay emergency stop', sources);
    expect(byInstruction).toBeNull(); // two words: the second is the speed's place, not a search
    const red = suggestionsFor('/replay red', sources)!.items;
    expect(red.length).toBeGreaterThan(1);
    expect(red.every((i) => i.description.includes('red'))).toBe(true);
  });

  it('completes paths as a shell does: folders to go into, then recordings', () => {
    expect(complete('/replay missions/rep')).toBe('/replay missions/replays/');
    const inFolder = suggestionsFor('/replay missions/replays/warehouse-e', sources)!.items;
    expect(inFolder.map((i) => i.value)).toEqual(['missions/replays/warehouse-emergency-stop.jsonl']);
    expect(suggestionsFor('/replay ./missions/', sources)!.items.map((i) => i.label)).toEqual(['replays/', 'scenarios/']);

    const dir = mkdtempSync(join(tmpdir(), 'complete-'));
    mkdirSync(join(dir, 'older'));
    writeFileSync(join(dir, 'a.jsonl'), '');
    writeFileSync(join(dir, 'notes.txt'), '');
    writeFileSync(join(dir, '.hidden.jsonl'), '');
    const there = suggestionsFor(`/replay ${dir}/`, sources)!.items;
    expect(there.map((i) => [i.label, i.continues ?? false])).toEqual([
      ['older/', true],
      ['a.jsonl', false],
    ]);
    expect(suggestionsFor(`/replay ${dir}/.h`, sources)!.items.map((i) => i.label)).toEqual(['.hidden.jsonl']);
    expect(suggestionsFor('/replay /no/such/folder/x', sources)!.items).toEqual([]);
  });
});
