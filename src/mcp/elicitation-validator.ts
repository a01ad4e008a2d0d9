import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';

/**
 * The robot server's check of elicitation answers (the e-stop reset's confirmation): the SDK's
 * default, Ajv, created on the first answer instead of with every server. The SDK's Server
 * builds its Ajv instance (formats, meta-schemas: ~10 ms) in its constructor, and every
 * connection builds a server: `run`'s embedded one, which never elicits, and each HTTP session.
 */
export class ElicitationValidator implements jsonSchemaValidator {
  private ajv?: AjvJsonSchemaValidator;

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    return (this.ajv ??= new AjvJsonSchemaValidator()).getValidator<T>(schema);
  }
}
