// Judges the checks one conformance scenario saved (its checks.json):
//
//   node verdict.mjs CHECKS_JSON [CHECK_ID...]
//
// A check fails when its status is FAILURE or WARNING, as the suite's own
// baseline counts them. The CHECK_IDs are checks expected to fail (an
// expected-failures line naming SCENARIO:CHECK); each must still fail, or the
// list is stale. A check id may occur several times in one scenario (a probe
// per case): the occurrences count as one, failing if any fails, as the
// suite's baseline treats them.
//
// Prints one line, RESULT<TAB>DETAIL, RESULT being
//   pass   no failing check
//   fail   a failing check that is not expected (DETAIL names it)
//   xfail  every failing check is expected
//   xpass  an expected check no longer fails (DETAIL names it)
import { readFileSync } from 'node:fs';

const [file, ...expected] = process.argv.slice(2);
const checks = JSON.parse(readFileSync(file, 'utf8'));
const failing = (c) => c.status === 'FAILURE' || c.status === 'WARNING';
const say = (c) => `${c.status} ${c.id}: ${c.errorMessage || c.description}`;

const unexpected = checks.filter((c) => failing(c) && !expected.includes(c.id));
const excused = checks.filter((c) => failing(c) && expected.includes(c.id));
const stale = expected
  .filter((id) => !checks.some((c) => c.id === id && failing(c)))
  .map((id) => `${id} ${checks.some((c) => c.id === id) ? 'passes' : 'was not reported'}`);

function print(result, parts) {
  const detail = parts.join('; ').replace(/\s+/g, ' ');
  console.log(`${result}\t${detail.length > 600 ? `${detail.slice(0, 600)}...` : detail}`);
}

if (unexpected.length > 0) print('fail', [...unexpected.map(say), ...stale]);
else if (stale.length > 0) print('xpass', stale);
else if (excused.length > 0) print('xfail', excused.map(say));
else print('pass', []);
