import { packageBuild } from '../../tsup.base.js';

// xml-guard: the saxes guards every XML reader puts on, apart from the index so that the
// index's declarations never name saxes' types (whose own .d.ts does not pass skipLibCheck: false).
export default packageBuild({ entry: { index: 'src/index.ts', 'xml-guard': 'src/xml/guard.ts' } });
