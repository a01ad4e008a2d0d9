import { useEffect, useRef, useState } from 'react';
import type { Robot } from '../../robot/robot.js';
import { viewOfRobot, type RobotView } from '../robot-view.js';

/**
 * The live robot as plain data, re-read once per frame and only when the robot reported a change:
 * the simulator may step thousands of times a second, the screen need not. While no frame clock
 * runs (idle), a change (an e-stop, a reset) still redraws, at most every `idleMs`.
 */
export function useRobotView(robot: Robot, frame: number, clockRunning: boolean, idleMs = 50): RobotView {
  const cache = useRef<{ robot: Robot; view: RobotView; dirty: boolean } | null>(null);
  const [, poke] = useState(0);
  const running = useRef(clockRunning);
  running.current = clockRunning;

  if (!cache.current || cache.current.robot !== robot) cache.current = { robot, view: viewOfRobot(robot), dirty: false };
  const c = cache.current;
  if (c.dirty) {
    c.view = viewOfRobot(robot);
    c.dirty = false;
  }

  useEffect(() => {
    let timer: NodeJS.Timeout | null = null;
    const unwatch = robot.watch(() => {
      if (cache.current?.robot === robot) cache.current.dirty = true;
      if (!running.current && !timer) {
        timer = setTimeout(() => {
          timer = null;
          poke((n) => n + 1);
        }, idleMs);
      }
    });
    return () => {
      unwatch();
      if (timer) clearTimeout(timer);
    };
  }, [robot, idleMs]);
  void frame; // a new frame is what makes this re-read the robot
  return c.view;
}
