import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayPath } from '../../src/core/display-path.js';

describe('displayPath', () => {
  const cwd = path.resolve('/home/ann/project');
  it('shows a path inside the working directory relative to it', () => {
    expect(displayPath(path.join(cwd, 'robot-agent.json'), cwd)).toBe('robot-agent.json');
    expect(displayPath('sub/file.json', cwd)).toBe(path.join('sub', 'file.json'));
  });
  it('shows a path outside it (or the folder itself) absolute', () => {
    expect(displayPath('/home/ann/.config/robot-agent/config.json', cwd)).toBe(path.resolve('/home/ann/.config/robot-agent/config.json'));
    expect(displayPath('../other.json', cwd)).toBe(path.resolve('/home/ann/other.json'));
    expect(displayPath(cwd, cwd)).toBe(cwd);
  });
});
