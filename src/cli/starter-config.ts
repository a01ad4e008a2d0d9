import { oneLineJson } from '../config/one-line-json.js';

/**
 * The file `robot-agent init` writes: every setting the config file has, explained in comments,
 * with example servers commented out so the file works as it is (no server, nothing to install)
 * and a server is one uncommented line away. The examples are data, printed as JSON, so a test
 * can uncomment them and check they load (the file allows trailing commas for that).
 */
export const EXAMPLE_SERVERS = {
  everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything', 'stdio'] },
  'other-robot': { url: 'http://127.0.0.1:8765/mcp', headers: { Authorization: 'env:OTHER_ROBOT_AUTH' } },
} as const;

const example = (name: keyof typeof EXAMPLE_SERVERS) => `// ${JSON.stringify(name)}: ${oneLineJson(EXAMPLE_SERVERS[name])},`;

export function starterConfigText(): string {
  return `// robot-agent's settings: JSON with comments (// and /* */) and trailing commas allowed.
// robot-agent reads ./robot-agent.json, else ~/.config/robot-agent/config.json ($XDG_CONFIG_HOME);
// --config PATH names another. \`robot-agent doctor\` checks it, \`robot-agent mcp list\` shows its servers.
{
  // MCP servers whose tools the agent may use next to the robot's own, offered to the model as
  // <server>__<tool>; the format is Claude Desktop's. A value "env:NAME" is read from the
  // environment when robot-agent starts. \`robot-agent mcp add NAME -- COMMAND ARGS...\` and
  // \`robot-agent mcp add NAME --url URL\` add one, \`robot-agent mcp remove NAME\` removes one;
  // or uncomment an example.
  "mcpServers": {
    // A server started as a child process, speaking MCP on its stdin and stdout:
    ${example('everything')}
    // A server over Streamable HTTP, with a header read from the environment:
    ${example('other-robot')}
    // Also per server: "env": { "KEY": "value" } and "cwd" (stdio), "timeoutSeconds" (each call's
    // limit), "disabled": true (kept in the file, not started).
  },

  // Where mission recordings go: "~/" is your home folder, a relative path starts at this file's
  // folder. Default: $XDG_STATE_HOME/robot-agent/recordings, else ~/.local/state/robot-agent/recordings.
  // "recordDir": "recordings",

  // How long each MCP server gets to start (or be reached), initialize and list its tools, in ms;
  // a slower one is reported as failed and the mission goes on without it. --mcp-timeout overrides it.
  // "mcpTimeout": 20000,
}
`;
}
