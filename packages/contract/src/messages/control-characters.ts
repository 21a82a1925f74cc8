// C0 controls except tab, line feed and carriage return; DEL; C1 controls. No text of this product
// holds them, and PostgreSQL refuses NUL in text and jsonb alike.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * The one rule for control characters in input: the dotted path (`questionAnswers.0.text`, `''` for
 * the value itself) of the first string or object key in `value` that holds one, or null when none does.
 * Walked without recursion, so no nesting depth can overflow the stack.
 */
export function findControlCharacter(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (CONTROL_CHARACTER.test(item)) return path;
    } else if (typeof item === 'object' && item !== null) {
      // Reversed, so that the first offending field in reading order is the one named.
      for (const [key, child] of Object.entries(item).reverse()) {
        const at = path ? `${path}.${key}` : key;
        if (CONTROL_CHARACTER.test(key)) return at;
        pending.push([child, at]);
      }
    }
  }
  return null;
}
