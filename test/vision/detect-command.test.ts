import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runDetect, type DetectCommandOptions } from '../../src/cli/commands/detect.js';
import { EXIT_FAILURE, EXIT_USAGE, UserError, type CliIo } from '../../src/cli/io.js';
import { asUserError } from '../../src/cli/user-errors.js';
import { decodePng, encodePng } from '../../src/core/png.js';
import { runCli } from '../helpers/run-cli.js';

const FIX = join(import.meta.dirname, 'fixtures');
const model = join(FIX, 'centernet-fixture.onnx');
const tmp = mkdtempSync(join(tmpdir(), 'vision-detect-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function run(image: string | undefined, opts: DetectCommandOptions): Promise<{ code: number; out: string }> {
  const stdout = new PassThrough();
  let out = '';
  stdout.on('data', (c) => (out += c));
  const io: CliIo = { stdout, stderr: new PassThrough(), env: {} };
  // The fixture model's scores are fixed; 0.5 keeps its low-score box out of these checks.
  const code = await runDetect(io, image, { detectorModel: model, threads: 1, confidence: '0.5', ...opts });
  return { code, out };
}

/** The one-line message the CLI prints for the error the command throws, checking its exit code. */
async function userError(image: string | undefined, opts: DetectCommandOptions, exitCode = EXIT_USAGE): Promise<string> {
  const e = await run(image, opts).then(() => null, (err: unknown) => err);
  const shown = asUserError(e);
  expect(shown).toBeInstanceOf(UserError);
  expect(shown!.exitCode).toBe(exitCode);
  expect(shown!.message.split('\n')).toHaveLength(1);
  return shown!.message;
}

describe('detect command (fixture model)', () => {
  it('renders a scenario view, localizes and matches ground truth, and saves an annotated PNG', async () => {
    const save = join(tmp, 'annotated.png');
    const { code, out } = await run(undefined, { scenario: 'warehouse', pose: [1, 1, 0], json: true, save });
    expect(code).toBe(0);
    const r = JSON.parse(out);
    expect(r.source).toEqual({ scenario: 'warehouse', pose: { x: 1, y: 1, heading: 0 }, seed: 1 });
    expect(r.detections.map((d: { id: string }) => d.id)).toEqual(['green_ball#1', 'red_cube#1', 'yellow_cylinder#1']);
    expect(r.detections[0].world).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    expect(r.detections[0].truth).toMatchObject({ objectId: 'green_ball' });
    expect(Array.isArray(r.missed)).toBe(true);
    const png = decodePng(readFileSync(save));
    expect([png.width, png.height]).toEqual([320, 240]);
  });

  it('prints a readable table', async () => {
    const { out } = await run(undefined, { scenario: 'twins' });
    expect(out).toMatch(/^scenario twins at \(1, 1, 0 rad\), camera seed 1: 3 detections \(robot-agent model .*centernet-fixture\.onnx, 1 thread\)/);
    expect(out).toMatch(/green_ball#1 +0\.95 +box 100 +80 140 120 +at \(/);
    expect(out).toMatch(/truth green_ball \(2\.00, 5\.80\) error/);
    expect(out).toMatch(/^time: /m);
  });

  it('runs on a PNG image, with world positions only when a pose is given', async () => {
    const file = join(tmp, 'grey.png');
    writeFileSync(file, encodePng({ width: 320, height: 240, rgb: new Uint8Array(320 * 240 * 3).fill(128) }));
    const plain = JSON.parse((await run(file, { json: true })).out);
    expect(plain.source).toEqual({ image: file });
    expect(plain.detections[0]).toMatchObject({ id: null, label: 'green_ball', world: null });
    const posed = JSON.parse((await run(file, { json: true, pose: [0, 0, 0] })).out);
    expect(posed.detections[0].world).not.toBeNull();
  });

  it('gives one-line errors for bad input', async () => {
    expect(await userError(undefined, {})).toMatch(/nothing to look at/);
    expect(await userError('x.png', { scenario: 'warehouse' })).toMatch(/either an IMAGE or --scenario/);
    expect(await userError(join(tmp, 'missing.png'), {}, EXIT_FAILURE)).toMatch(/^image .*missing\.png not found$/);
    const notPng = join(tmp, 'not.png');
    writeFileSync(notPng, 'hello');
    expect(await userError(notPng, {}, EXIT_FAILURE)).toMatch(/is not a PNG image/);
    expect(await userError(undefined, { scenario: 'nowhere' })).toMatch(/unknown scenario "nowhere"/);
    expect(await userError(undefined, { scenario: 'warehouse', pose: [20, 1, 0] })).toMatch(/outside the 10 x 8 m room/);
    expect(await userError(undefined, { scenario: 'warehouse', pose: [2.4, 3, 0] })).toMatch(/inside obstacle "crate"/);
    expect(await userError(undefined, { scenario: 'warehouse', confidence: '2' })).toMatch(/--confidence "2" must be a number between 0 and 1/);
    expect(await userError(undefined, { scenario: 'warehouse', detectorModel: join(tmp, 'none.onnx') }, EXIT_FAILURE)).toMatch(/detector model .*none\.onnx not found/);
  });
});

describe('detect command (committed model and its second stage)', () => {
  it('runs the second stage unless --no-second-stage, and says which it used', async () => {
    const args = ['detect', '--scenario', 'warehouse', '--pose', '3,1.3,0', '--threads', '1', '--json'];
    const withIt = await runCli(args);
    const without = await runCli([...args, '--no-second-stage']);
    expect([withIt.code, without.code]).toEqual([0, 0]);
    const a = JSON.parse(withIt.stdout);
    const b = JSON.parse(without.stdout);
    expect(a.model.secondStage).toMatch(/second-stage\.onnx$/);
    expect(b.model.secondStage).toBeNull();
    expect(a.timing.secondStageMs).toBeGreaterThan(0);
    expect(b.timing.secondStageMs).toBe(0);
    expect(a.detections.length).toBeGreaterThan(0);
    const text = await runCli(args.filter((x) => x !== '--json'));
    expect(text.stdout).toMatch(/\+ second stage .*second-stage\.onnx/);
    expect(text.stdout).toMatch(/^time: .*second stage/m);
  });
});
