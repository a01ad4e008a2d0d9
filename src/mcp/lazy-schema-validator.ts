import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

/**
 * The SDK's own Ajv validator for a client's tool output schemas, each schema compiled the first
 * time a result of that tool is checked instead of when the tools are listed. The client compiles
 * every output schema in `listTools`; the robot has about 40 tools, a mission calls a handful, and
 * compiling them all was the largest single cost of `robot-agent run`'s start-up. What is checked,
 * and the messages, are the SDK's.
 */
export class LazySchemaValidator implements jsonSchemaValidator {
  private ajv: AjvJsonSchemaValidator | undefined;

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    let compiled: JsonSchemaValidator<T> | undefined;
    return (input) => {
      compiled ??= (this.ajv ??= new AjvJsonSchemaValidator()).getValidator<T>(schema);
      return compiled(input);
    };
  }
}
