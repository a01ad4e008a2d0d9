/**
 * The ROS robot backend with its map from a map_server file (YAML + PGM or PNG) instead of the
 * map topic: the shipped examples/ros/warehouse-map.* are ros-sim's warehouse grid as map_saver
 * would save it, they read back to the same map the topic gives, and a backend connected to
 * ros-sim on a real roscore with the file plans on it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePgm, encodePgm } from '../../src/core/pgm.js';
import { encodePng } from '../../src/core/png.js';
import { connectRosBackend, RosRobotError, type ConnectedRosBackend } from '../../src/ros/backend/connect.js';
import { mapFromOccupancyGrid } from '../../src/ros/backend/grid-map.js';
import { loadMapFile, MapFileError } from '../../src/ros/backend/map-file.js';
import { loadRobotProfile, RobotProfileError, type RobotProfile } from '../../src/ros/backend/robot-profile.js';
import { mapServerFiles } from '../../src/ros/sim/map-server-files.js';
import { occupancyGridMessage } from '../../src/ros/sim/sim-messages.js';
import { createSimulation } from '../../src/sim/sim-backend.js';
import { ROS_INSTALLED, ROS_SKIP_REASON } from '../helpers/roscore.js';
import { PATIENT_TIMEOUTS, rosTransportForSuite } from './ros-sim-helpers.js';

if (!ROS_INSTALLED) console.warn(ROS_SKIP_REASON);

const PROFILE = 'examples/ros/ros-sim-robot.yaml';
const MAP_YAML = 'examples/ros/warehouse-map.yaml';
const warehouseGrid = () => occupancyGridMessage(createSimulation({ scenario: 'warehouse', seed: 1 }).world.map, { secs: 0, nsecs: 0 });
const zones = () => loadRobotProfile(PROFILE).map.zones;

let dir: string;
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'map-file-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeMap(name: string, yaml: string, image: Buffer, imageName: string): string {
  writeFileSync(join(dir, imageName), image);
  writeFileSync(join(dir, name), yaml);
  return join(dir, name);
}

describe('map_server map files', () => {
  it('ships the warehouse map as ros-sim publishes it (regenerate with mapServerFiles if the scenario changes)', () => {
    const files = mapServerFiles(warehouseGrid(), 'warehouse-map.pgm');
    expect(readFileSync(MAP_YAML, 'utf8')).toBe(files.yaml);
    expect(readFileSync('examples/ros/warehouse-map.pgm').equals(files.pgm)).toBe(true);
  });

  it('reads the shipped PGM map to the same map as the occupancy grid topic', () => {
    const fromFile = mapFromOccupancyGrid(loadMapFile(MAP_YAML), zones());
    const fromTopic = mapFromOccupancyGrid(warehouseGrid(), zones());
    expect(fromFile).toEqual(fromTopic);
    expect(fromFile.map.obstacles.length).toBeGreaterThan(0); // the racks: not an empty room
  });

  it('reads a PNG image, puts the top image row at the far edge, and honours negate, thresholds, unknown cells and the origin', () => {
    // 3×2 image, top row: black, white, mid-grey; bottom row: white, white, black.
    const grey = Uint8Array.from([0, 254, 205, 254, 254, 0]);
    const rgb = new Uint8Array(18);
    grey.forEach((g, i) => rgb.fill(g, 3 * i, 3 * i + 3));
    const yaml = (image: string, extra = '') => `image: ${image}\nresolution: 0.5\norigin: [-1.0, 2.0, 0.0]\noccupied_thresh: 0.65\nfree_thresh: 0.196\n${extra}`;
    const png = loadMapFile(writeMap('png.yaml', yaml('tiny.png'), encodePng({ width: 3, height: 2, rgb }), 'tiny.png'));
    expect(png.data).toEqual([0, 0, 100, 100, 0, -1]);
    expect(png.info).toMatchObject({ resolution: 0.5, width: 3, height: 2, origin: { position: { x: -1, y: 2 } } });
    const pgm = loadMapFile(writeMap('pgm.yaml', yaml('tiny.pgm'), encodePgm({ width: 3, height: 2, grey }), 'tiny.pgm'));
    expect(pgm.data).toEqual(png.data);
    const negated = loadMapFile(writeMap('neg.yaml', yaml('tiny.pgm', 'negate: 1\n'), encodePgm({ width: 3, height: 2, grey }), 'tiny.pgm'));
    expect(negated.data).toEqual([100, 100, 0, 0, 100, 100]); // grey 205 is 0.80 occupied once negated
  });

  it('reads PGM headers with comments and a smaller maximum grey', () => {
    const bytes = Buffer.concat([Buffer.from('P5\n# CREATOR: map_saver\n2 1\n# max\n15\n'), Buffer.from([0, 15])]);
    expect(decodePgm(bytes)).toEqual({ width: 2, height: 1, grey: Uint8Array.from([0, 255]) });
    expect(() => decodePgm(Buffer.from('P2\n2 1\n255\n0 0'))).toThrow(/not a binary PGM/);
    expect(() => decodePgm(Buffer.from('P5\n2 2\n255\n\0'))).toThrow(/1 pixel bytes, 4 expected/);
  });

  it('refuses bad map files and profiles in one line naming what is wrong', () => {
    const missing = writeMap('missing.yaml', 'image: nowhere.pgm\nresolution: 0.05\norigin: [0, 0, 0]\n', Buffer.alloc(0), 'unused.pgm');
    expect(() => loadMapFile(missing)).toThrow(MapFileError);
    expect(() => loadMapFile(missing)).toThrow(/map image .*nowhere\.pgm not found/);
    const noRes = writeMap('nores.yaml', 'image: unused.pgm\norigin: [0, 0, 0]\n', Buffer.alloc(0), 'unused.pgm');
    expect(() => loadMapFile(noRes)).toThrow(/nores\.yaml.*field "resolution"/);
    const garbage = writeMap('garbage.yaml', 'image: junk.pgm\nresolution: 0.05\norigin: [0, 0, 0]\n', Buffer.from('not an image'), 'junk.pgm');
    expect(() => loadMapFile(garbage)).toThrow(/neither a binary PGM \(P5\) nor a PNG/);
    expect(new MapFileError('x')).toBeInstanceOf(RobotProfileError); // a usage error: exit 2

    const text = readFileSync(PROFILE, 'utf8');
    const both = join(dir, 'both.yaml');
    writeFileSync(both, text.replace('  topic: /map\n', '  topic: /map\n  file: warehouse-map.yaml\n'));
    expect(() => loadRobotProfile(both)).toThrow(/field "map" needs either topic and type .* or file/);
    const fileOnly = join(dir, 'file-only.yaml');
    writeFileSync(fileOnly, text.replace('  topic: /map\n  type: nav_msgs/OccupancyGrid     # latched, as map_server publishes it\n', '  file: ../x/warehouse-map.yaml\n'));
    expect(loadRobotProfile(fileOnly).map.file).toBe(join(dir, '../x/warehouse-map.yaml'));
  });
});

describe.skipIf(!ROS_INSTALLED)('the ROS robot backend with a map file, on ros-sim', () => {
  const ros = rosTransportForSuite();
  let connected: ConnectedRosBackend | undefined;
  const withMapFile = (file: string): RobotProfile => {
    const profile = loadRobotProfile(PROFILE);
    return { ...profile, map: { file, zones: profile.map.zones }, timeouts: PATIENT_TIMEOUTS };
  };
  afterAll(async () => {
    await connected?.close();
  });

  it('plans on the map from the file, not from the /map topic', async () => {
    connected = await connectRosBackend(ros.transport, withMapFile(join(process.cwd(), MAP_YAML)), () => performance.now());
    const { backend } = connected;
    expect(backend.staticMap()).toEqual(mapFromOccupancyGrid(warehouseGrid(), zones()).map);
    expect(backend.planPath({ x: 4.2, y: 4.6 })).toMatchObject({ ok: false, reason: expect.stringMatching(/inside obstacle/) }); // the rack
    expect(backend.planPath({ x: 6, y: 6.6 })).toMatchObject({ ok: true });
    expect(backend.readState().pose).toMatchObject({ x: 1, y: 1 });
  }, 60_000);

  it('says which map file is wrong when the map is rotated', async () => {
    const rotated = writeMap('rotated.yaml', readFileSync(MAP_YAML, 'utf8').replace('origin: [0, 0, 0.0]', 'origin: [0, 0, 0.5]'), readFileSync('examples/ros/warehouse-map.pgm'), 'warehouse-map.pgm');
    const failed = connectRosBackend(ros.transport, withMapFile(rotated), () => performance.now());
    await expect(failed).rejects.toThrow(RosRobotError);
    await expect(failed).rejects.toThrow(/rotated\.yaml: the occupancy grid is rotated/);
  }, 60_000);
});
