/** .vcf and .ics files: split into items as they stream in (split.ts), and items written out as one (join.ts). */
export { CalendarWriter, cardText, type CalendarWriterOptions } from './join.js';
export { linesOf, splitItems, type SplitEntry, type SplitItem, type SplitOptions, type SplitRefusal } from './split.js';
