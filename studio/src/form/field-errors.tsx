import { fieldId } from "./schema.ts";

/** The service's messages for the field at `path` (from a problem's errors[]), under it, named by its id for aria-describedby. */
export function FieldErrors({ path, errors }: { path: string; errors: Map<string, string[]> }) {
  const messages = errors.get(path);
  if (!messages) return null;
  return (
    <ul class="field-errors" id={`${fieldId(path)}-error`}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
