/**
 * The text of a golden answer file (test/golden/*.gz), for git's diff (a textconv driver):
 * decompressed, and a msgpack answer decoded to one JSON line per item after its status line, so
 * that a change to an answer shows as the lines it changed. Set up once per clone (docs/CONTRIBUTING.md):
 *
 *   git config diff.golden.textconv "node scripts/golden-text.mjs"
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { unpackMultiple } from 'msgpackr';

const file = process.argv[2];
const bytes = gunzipSync(readFileSync(file));
// A bulk file is its answer's status and content type on a line, then the answer as it came.
const line = bytes.indexOf(10) + 1;
const text = file.includes('.msgpack.') ? `${bytes.subarray(0, line)}${unpackMultiple(bytes.subarray(line)).flat().map((item) => JSON.stringify(item)).join('\n')}\n` : bytes.toString('utf8');
process.stdout.write(text);
