/**
 * The layer rules of docs/architecture.md, checked by `npm run depcheck` (dependency-cruiser).
 * Dependencies point one way:
 *
 *   front ends (cli, tui) → runtime → agent → mcp → robot → core
 *
 * sim and vision implement the robot's ports (robot/backend.ts, robot/perception.ts); tools
 * (dataset export, the vision bench, evaluation) use sim and vision. replay (the format, reader,
 * recorder) and config stand on core alone: a recording knows nothing of the world it was
 * recorded in, so re-running one (which needs a world) lives in runtime. No cycles anywhere.
 */
const PORTS = '^src/robot/(backend|perception)\\.ts$';

/** A rule: files under `from` may import only the paths matching `allowed` (besides packages). */
function layer(name, from, allowed) {
  return {
    name: `layer-${name}`,
    comment: `${name} may import only ${allowed.join(', ')}`,
    severity: 'error',
    from: { path: from },
    to: { path: '^src/', pathNot: allowed },
  };
}

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'import cycles hide which side owns what', severity: 'error', from: {}, to: { circular: true } },
    layer('core', '^src/core/', ['^src/core/']),
    layer('robot', '^src/robot/', ['^src/core/', '^src/robot/']),
    layer('sim', '^src/sim/', ['^src/core/', '^src/sim/', PORTS]),
    layer('vision', '^src/vision/', ['^src/core/', '^src/vision/', PORTS]),
    layer('replay', '^src/replay/', ['^src/core/', '^src/replay/']),
    layer('config', '^src/config/', ['^src/core/', '^src/config/']),
    layer('mcp', '^src/mcp/', ['^src/core/', '^src/robot/', '^src/mcp/', '^src/config/']),
    layer('agent', '^src/agent/', ['^src/core/', '^src/mcp/', '^src/agent/']),
    layer('tools', '^src/tools/', ['^src/core/', '^src/sim/', '^src/vision/', '^src/tools/']),
    layer('runtime', '^src/runtime/', ['^src/(core|robot|mcp|agent|sim|vision|replay|config|runtime|ros/backend|ros/transport)/']),
    // ROS: the transport (one interface, one file per middleware) stands on core alone; the
    // primitives (YAML-configured topics, services and actions as MCP tools) build on mcp.
    layer('ros-transport', '^src/ros/transport/', ['^src/core/', '^src/ros/transport/']),
    layer('ros-primitives', '^src/ros/primitives/', ['^src/core/', '^src/mcp/', '^src/ros/transport/', '^src/ros/primitives/']),
    // The ROS robot backend implements the robot's backend port over the transport; the simulator
    // on ROS (ros-sim) serves the simulator through it. Neither knows the other.
    // A gripper action's goal templates are checked and converted as the primitives' goals are.
    layer('ros-backend', '^src/ros/backend/', ['^src/core/', PORTS, '^src/ros/transport/', '^src/ros/primitives/(conversion|message-schema)\\.ts$', '^src/ros/backend/']),
    layer('ros-sim', '^src/ros/sim/', ['^src/core/', '^src/sim/', '^src/ros/transport/', '^src/ros/sim/']),
    layer('tui', '^src/tui/', ['^src/(core|robot|mcp|agent|sim|vision|replay|config|runtime|tui)/']),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a type import is still a dependency on the other layer's words.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js'] },
  },
};
