/**
 * The load generator as a process of its own, so neither server measured pays for the client's work:
 * `tsx load-process.ts '<LoadSpec as JSON>'` prints the LoadResult as JSON.
 */
import { type LoadSpec, load } from './load';

const result = await load(JSON.parse(process.argv[2]) as LoadSpec);
console.log(JSON.stringify(result));
