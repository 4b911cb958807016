import type { NewReleaseBody, ReleaseFormat, ReleaseSplit } from '../api/types';

export type SplitMethod = ReleaseSplit['method'];

/** What the new-release form holds; numbers are '' while their input is empty. */
export interface NewReleaseValues {
  version: string;
  /** Round ids as the checkboxes hold them (strings). */
  rounds: string[];
  /** The sentence-label gold rule below adjudication (docs/releases.md). */
  gold: NonNullable<NewReleaseBody['gold']>;
  mergeMarginal: boolean;
  binaryRelevance: boolean;
  splitMethod: SplitMethod;
  devShare: number | string;
  seed: number | string;
  /** `{"dev": [...], "test": [...]}` typed or loaded by hand. */
  splitFile: string;
  formats: ReleaseFormat[];
  onlyComplete: boolean;
  /** Leave out the outputs flagged as not a summary (TofuEval removed 23). */
  dropNotASummary: boolean;
  /** The researcher confirmed releasing labels of rounds still open (not sent: the server
   * records open rounds in the manifest either way). */
  acceptOpenRounds: boolean;
}

export const INITIAL_RELEASE_VALUES: NewReleaseValues = {
  version: '',
  rounds: [],
  gold: 'majority',
  mergeMarginal: false,
  binaryRelevance: false,
  splitMethod: 'document',
  devShare: 0.7,
  seed: 13,
  splitFile: '',
  formats: ['native'],
  onlyComplete: false,
  dropNotASummary: false,
  acceptOpenRounds: false,
};

/** MAJOR.MINOR.PATCH without leading zeros, as semver.org defines the core version. */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

interface BuildOptions {
  /** The server's order of rounds and formats, so the body does not depend on click order. */
  roundOrder: readonly number[];
  formatOrder: readonly ReleaseFormat[];
}

/**
 * Checks what the browser can check and builds the POST body. Errors use the server's field
 * keys (`split.documents` …) so local and server messages land beside the same fields.
 */
export function buildReleaseBody(
  values: NewReleaseValues,
  { roundOrder, formatOrder }: BuildOptions,
): { body: NewReleaseBody } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const version = values.version.trim();
  if (version === '') errors.version = 'Enter a version, for example 1.0.0.';
  else if (!SEMVER.test(version)) errors.version = 'Use a semantic version: MAJOR.MINOR.PATCH, for example 1.0.0.';

  const chosenRounds = new Set(values.rounds.map(Number));
  const rounds = roundOrder.filter((id) => chosenRounds.has(id));
  if (rounds.length === 0) errors.rounds = 'Choose at least one round.';

  const chosenFormats = new Set(values.formats);
  const formats = formatOrder.filter((format) => chosenFormats.has(format));
  if (formats.length === 0) errors.formats = 'Choose at least one format.';

  const split = buildSplit(values, errors);

  if (Object.keys(errors).length > 0 || split === null) return { errors };
  const mappings: NonNullable<NewReleaseBody['mappings']> = {};
  if (values.mergeMarginal) mappings.topic_category = 'merge_marginal';
  if (values.binaryRelevance) mappings.relevance = 'binary';
  return {
    body: {
      version,
      rounds,
      gold: values.gold,
      // `mappings` is optional in the contract: sent only when one is chosen.
      ...(Object.keys(mappings).length > 0 ? { mappings } : {}),
      split,
      formats,
      only_complete: values.onlyComplete,
      // Optional in the contract: sent only when chosen.
      ...(values.dropNotASummary ? { drop_not_a_summary: true } : {}),
    },
  };
}

function buildSplit(values: NewReleaseValues, errors: Record<string, string>): ReleaseSplit | null {
  if (values.splitMethod === 'corpus') return { method: 'corpus' };
  if (values.splitMethod === 'file') {
    const parsed = parseSplitFile(values.splitFile);
    if ('error' in parsed) {
      errors['split.documents'] = parsed.error;
      return null;
    }
    return { method: 'file', documents: parsed.documents };
  }
  const dev = toNumber(values.devShare);
  const seed = toNumber(values.seed);
  if (dev === null || dev < 0 || dev > 1) errors['split.dev'] = 'Enter a share between 0 and 1, for example 0.7.';
  if (seed === null || !Number.isInteger(seed)) errors['split.seed'] = 'Enter a whole number as the seed.';
  if (errors['split.dev'] !== undefined || errors['split.seed'] !== undefined || dev === null || seed === null) return null;
  return { method: 'document', dev, seed };
}

/**
 * Reads `{"dev": ["doc-id", …], "test": [...]}`. The messages say what is wrong and where,
 * because a researcher pastes this from elsewhere and a bare "invalid JSON" would not help.
 */
export function parseSplitFile(text: string): { documents: { dev: string[]; test: string[] } } | { error: string } {
  if (text.trim() === '') return { error: 'Paste the split as JSON: {"dev": ["doc-id", …], "test": ["doc-id", …]}.' };
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (error) {
    return { error: `This is not valid JSON (${error instanceof Error ? error.message : String(error)}).` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { error: 'Expected an object with "dev" and "test" lists of document ids.' };
  }
  const record = data as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => key !== 'dev' && key !== 'test');
  if (unknown.length > 0) return { error: `Only "dev" and "test" are allowed; found ${unknown.map((key) => `"${key}"`).join(', ')}.` };
  const documents = { dev: [] as string[], test: [] as string[] };
  for (const part of ['dev', 'test'] as const) {
    const list = record[part];
    if (!Array.isArray(list)) return { error: `"${part}" must be a list of document ids.` };
    const bad = list.filter((item) => typeof item !== 'string' || item.trim() === '');
    if (bad.length > 0) return { error: `"${part}" must hold document ids as non-empty strings; found ${JSON.stringify(bad[0])}.` };
    documents[part] = list as string[];
  }
  if (documents.dev.length + documents.test.length === 0) return { error: 'Both lists are empty; list at least one document.' };
  const inDev = new Set(documents.dev);
  const both = [...new Set(documents.test.filter((id) => inDev.has(id)))];
  if (both.length > 0) return { error: `A document cannot be in both splits: ${both.join(', ')}.` };
  return { documents };
}

function toNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : null;
}
