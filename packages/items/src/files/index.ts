/**
 * .vcf and .ics files: split into items as they stream in (split.ts), and items written out as one
 * (join.ts); and the folding rule (lines/fold.ts), for a browser that writes a line (the console's edit form).
 */
export { CalendarWriter, cardText, type CalendarWriterOptions } from './join.js';
export { linesOf, splitItems, type SplitEntry, type SplitItem, type SplitOptions, type SplitRefusal } from './split.js';
export { FOLD_OCTETS, foldLine, isContinuation } from '../lines/fold.js';
