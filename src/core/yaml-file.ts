import { isNode, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { firstIssue } from './schema-issue.js';

/**
 * YAML files a user writes (ROS configs, robot profiles) checked against a zod schema, so a
 * mistake is one line naming the file, the line and the field:
 * `robot.yaml line 7: field "camera.type" must be sensor_msgs/Image or sensor_msgs/CompressedImage`.
 * The caller passes the error class it throws, so the CLI's exit-code mapping needs no new case.
 */
export function parseYamlFile<S extends z.ZodType>(text: string, schema: S, source: string, errorClass: new (message: string) => Error): z.output<S> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const line = lineCounter.linePos(syntax.pos[0]).line;
    throw new errorClass(`${source} line ${line}: malformed YAML: ${syntax.message.split('\n')[0]}`);
  }
  const parsed = schema.safeParse(doc.toJS());
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const { field, message } = firstIssue(parsed.error);
  // The deepest node the path reaches: a missing field is reported where its parent is.
  let line: number | undefined;
  for (let depth = issue.path.length; depth >= 0 && line === undefined; depth--) {
    const node = doc.getIn(issue.path.slice(0, depth) as Array<string | number>, true);
    if (isNode(node) && node.range) line = lineCounter.linePos(node.range[0]).line;
  }
  throw new errorClass(`${source}${line !== undefined ? ` line ${line}` : ''}: field "${field}" ${message}`);
}
