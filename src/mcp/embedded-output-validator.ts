import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';

/**
 * How a client of the embedded robot server checks tool results against their output schemas:
 * with the SDK's cfworker validator, which reads a schema as it checks, instead of its default,
 * Ajv, which compiles every schema to code when the tools are listed. That compiling was the
 * largest single cost of `robot-agent run`'s start-up (about 13 ms a tool, for some 30 tools, when
 * a mission calls a handful); checking a result takes well under a millisecond either way. The
 * robot server publishes draft-07 schemas (the SDK converts its zod schemas to that draft), and
 * every problem is reported, as the SDK's Ajv set-up does.
 */
export function embeddedOutputValidator(): jsonSchemaValidator {
  return new FirstUseValidator(new CfWorkerJsonSchemaValidator({ draft: '7', shortcircuit: false }));
}

/**
 * The SDK's Client asks for every listed tool's output validator when it lists the tools; a
 * cfworker validator walks and indexes its whole schema when created. This one is created when
 * the tool's first result is checked: a mission calls a handful of the robot's ~30 tools.
 */
class FirstUseValidator implements jsonSchemaValidator {
  constructor(private readonly inner: jsonSchemaValidator) {}

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    let check: JsonSchemaValidator<T> | undefined;
    return (input) => (check ??= this.inner.getValidator<T>(schema))(input);
  }
}
