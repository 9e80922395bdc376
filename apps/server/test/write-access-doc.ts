import { writeFileSync } from 'node:fs';
import { ACCESS_DOC_PATH, renderAccessDoc } from './access-doc';

/** `npm run docs:access`: regenerates docs/access.md from test/access-matrix.ts. */
writeFileSync(ACCESS_DOC_PATH, renderAccessDoc());
console.log(`wrote ${ACCESS_DOC_PATH}`);
