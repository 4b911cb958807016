import { parse } from 'yaml';

export interface SplitCard {
  /** The YAML front matter (the Hugging Face metadata), parsed; null when there is none. */
  frontMatter: Record<string, unknown> | null;
  /** The Markdown after it. */
  body: string;
  /** Why the front matter could not be read, if it could not. */
  error: string | null;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Splits a dataset card into its YAML front matter and its Markdown body. Rendered as
 * Markdown, the front matter's `---` fences and nested lists came out garbled. */
export function splitCard(card: string): SplitCard {
  const match = FRONT_MATTER.exec(card);
  if (match === null) return { frontMatter: null, body: card, error: null };
  const body = card.slice(match[0].length);
  try {
    const parsed: unknown = parse(match[1] ?? '');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { frontMatter: parsed as Record<string, unknown>, body, error: null };
    }
    return { frontMatter: null, body, error: 'The front matter is not a mapping.' };
  } catch (failure) {
    return { frontMatter: null, body, error: failure instanceof Error ? failure.message : String(failure) };
  }
}
